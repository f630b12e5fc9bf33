import type { ReviewDisplay, ReviewProjectStatus } from "@/db/enums";

// The review form's words for the values of the API (extensions §4).

export const PROJECT_STATUS_LABELS: Record<ReviewProjectStatus, string> = {
  ONGOING: "We are still working together",
  COMPLETED: "The project is finished",
  ENDED_EARLY: "The project ended early",
};

export const RATING_LABELS: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: "1 – Poor",
  2: "2 – Fair",
  3: "3 – Good",
  4: "4 – Very good",
  5: "5 – Excellent",
};

export const DISPLAY_LABELS: Record<ReviewDisplay, string> = {
  NAME_AND_COMPANY: "My name, role and company",
  NAME_ONLY: "My name and role, without the company",
  INITIALS: "My initials only",
};

export const SUB_RATINGS = [
  { name: "quality", label: "Quality of the work" },
  { name: "schedule", label: "Keeping to the schedule" },
  { name: "communication", label: "Communication" },
  { name: "value", label: "Value for money" },
] as const;

export const INCENTIVE_LABELS = {
  NONE: "Nothing was received and nobody asked me for a rating",
  RECEIVED: "I received something: describe it",
} as const;
