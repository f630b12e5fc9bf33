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

/** The subject of the "Reply by email" link: ours, not the sender's words. */
export const REPLY_SUBJECT = "Re: your inquiry on Provider Registry";

export function replyHref(email: string): string {
  return `mailto:${encodeURIComponent(email).replace("%40", "@")}?subject=${encodeURIComponent(REPLY_SUBJECT)}`;
}
