import type { DeliveredInquiryStatus } from "@/db/enums";

export const STATUS_LABELS: Record<DeliveredInquiryStatus, string> = {
  NEW: "New",
  REPLIED: "Replied",
  ARCHIVED: "Archived",
  SPAM: "Spam",
};

export const STATUS_TONES: Record<DeliveredInquiryStatus, "neutral" | "good" | "warn" | "bad"> = {
  NEW: "warn",
  REPLIED: "good",
  ARCHIVED: "neutral",
  SPAM: "bad",
};
