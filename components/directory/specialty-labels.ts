import type { Specialty } from "@/db/enums";

/** How each specialty reads to people; the API and URLs use the enum values. */
export const SPECIALTY_LABELS: Record<Specialty, string> = {
  DEVELOPMENT: "Development",
  DESIGN: "Design",
  MARKETING: "Marketing",
  CONSULTING: "Consulting",
  DATA: "Data",
  DEVOPS: "DevOps",
  OTHER: "Other",
};
