import type { ListingReportStatus } from "@/db/enums";

export const REPORT_STATUS_LABELS: Record<ListingReportStatus, string> = {
  OPEN: "Open",
  RESOLVED: "Answered",
  DISMISSED: "Dismissed by the registry",
};

export const RESOLUTION_LABELS = { FIXED: "Fixed", NOT_AN_ISSUE: "Not an issue" } as const;
