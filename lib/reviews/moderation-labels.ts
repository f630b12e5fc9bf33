import type { ReviewDisputeReason, ReviewRejectReason } from "@/db/enums";

// Words for the moderation codes, shared by the pages and the emails. Plain constants: client
// components import them too.

export const DISPUTE_REASON_LABELS: Record<ReviewDisputeReason, string> = {
  NO_ENGAGEMENT: "The provider says it never worked with the reviewer",
  CONFLICT_OF_INTEREST: "The provider says the reviewer has a conflict of interest",
  PERSONAL_DATA: "The provider says the review contains personal data",
  ABUSIVE: "The provider says the review is abusive",
};

export const REJECT_REASON_LABELS: Record<ReviewRejectReason, string> = {
  CONFLICT_OF_INTEREST: "Conflict of interest",
  NOT_A_REAL_ENGAGEMENT: "Not a real engagement",
  ABUSIVE: "Abusive",
  PERSONAL_DATA: "Contains personal data",
  SPAM: "Spam",
  OTHER: "Other",
};

/** The review's removal reason an upheld dispute records. */
export const REMOVAL_REASON_FOR_DISPUTE: Record<ReviewDisputeReason, ReviewRejectReason> = {
  NO_ENGAGEMENT: "NOT_A_REAL_ENGAGEMENT",
  CONFLICT_OF_INTEREST: "CONFLICT_OF_INTEREST",
  PERSONAL_DATA: "PERSONAL_DATA",
  ABUSIVE: "ABUSIVE",
};

/** The dispute reasons as short names (the studio's and the console's lists). */
export const DISPUTE_REASON_SHORT: Record<ReviewDisputeReason, string> = {
  NO_ENGAGEMENT: "No engagement",
  CONFLICT_OF_INTEREST: "Conflict of interest",
  PERSONAL_DATA: "Personal data",
  ABUSIVE: "Abusive",
};
