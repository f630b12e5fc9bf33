// Plain constants of the inquiry form, shared by the schema, the emails and client components
// (no zod import here, so the profile page's script stays small).
import type { InquiryBudget, InquiryTimeline } from "@/db/enums";

export const INQUIRY_MESSAGE_MIN = 20;
export const INQUIRY_MESSAGE_MAX = 5000;

/** The sender limits' window (extensions §3): 5 per mailbox, and 1 per mailbox and provider, per 24 hours. */
export const INQUIRY_SENDER_WINDOW_HOURS = 24;

/**
 * The 429 of a confirmation a delivery limit holds back (verify-inquiry.ts): the same words whichever
 * limit it was; the message is kept and the link keeps working.
 */
export const INQUIRY_HELD_DETAIL =
  "Your message is kept, but it cannot be sent just now. Use the same link again later: it keeps working until then.";

/** An inquiry still NEW this long after it became NEW (delivered, or moved back) brings its team one reminder. */
export const INQUIRY_REMINDER_AFTER_HOURS = 24;

/** The honeypot's name: a field people never see (the form hides it), which bots fill in. */
export const INQUIRY_HONEYPOT_FIELD = "website2";

export const BUDGET_LABELS: Record<InquiryBudget, string> = {
  "<5k": "Under $5k",
  "5k-25k": "$5k–$25k",
  "25k-100k": "$25k–$100k",
  "100k+": "Over $100k",
  unsure: "Not sure yet",
};

export const TIMELINE_LABELS: Record<InquiryTimeline, string> = {
  asap: "As soon as possible",
  "1-3-months": "In 1–3 months",
  "3-6-months": "In 3–6 months",
  exploring: "Just exploring",
};
