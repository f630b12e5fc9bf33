// The inquiry emails (extensions §3), under the rules of lib/email/layout.ts: our words first, what the
// sender typed only in a labelled block, neutralised (one line, no links), the message as a quotation.
import type { InquiryBudget, InquiryTimeline } from "@/db/enums";
import { env } from "@/lib/config/env";
import { VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";
import { BUDGET_LABELS, INQUIRY_REMINDER_AFTER_HOURS, TIMELINE_LABELS } from "./inquiry-fields";
import { message, type EmailMessage, type TypedValues } from "@/lib/email/layout";

const PRODUCT = "Provider Registry";
/** The confirmation goes to an address nobody has proven yet: it shows only the start of the message. */
const CONFIRMATION_EXCERPT_MAX = 300;
const MESSAGE_MAX = 5000;

export interface InquiryEmailFields {
  senderName: string;
  senderEmail: string;
  senderCompany: string | null;
  budget: InquiryBudget | null;
  timeline: InquiryTimeline | null;
  message: string;
}

function inquiryBlock(fields: InquiryEmailFields, heading: string, messageMax: number): TypedValues {
  const lines: TypedValues["lines"] = [
    { label: "Name", typed: fields.senderName },
    // Typed, so quoted and defanged ("grace@example[.]com"): no mail program makes it a link. Replying
    // reaches the sender through Reply-To, and the studio's "Reply by email" is our link.
    { label: "Email", typed: fields.senderEmail },
  ];
  if (fields.senderCompany) lines.push({ label: "Company", typed: fields.senderCompany });
  // Budget and timeline are values of ours (a fixed list), shown with our labels.
  if (fields.budget) lines.push({ label: "Budget", plain: BUDGET_LABELS[fields.budget] });
  if (fields.timeline) lines.push({ label: "Timeline", plain: TIMELINE_LABELS[fields.timeline] });
  return { heading, lines, quotation: { label: "Message", text: fields.message, max: messageMax } };
}

/** The address of an inquiry's confirmation link, the one every confirmation email carries. */
export function inquiryConfirmUrl(token: string): string {
  return `${env().APP_URL}/inquiries/confirm?token=${encodeURIComponent(token)}`;
}

/**
 * To the sender, before they have shown the address is theirs. It names the provider (public, ours to
 * show) and only the start of the message, so the form cannot post whole letters to strangers in our name.
 */
export function inquiryConfirmationEmail(params: {
  providerName: string;
  confirmUrl: string;
  fields: InquiryEmailFields;
}): EmailMessage {
  return message(
    `Confirm your message to a provider on ${PRODUCT}`,
    [
      "Hello,",
      `Someone, we hope you, wrote to ${params.providerName} through ${PRODUCT} with this email address. Please confirm the address to send the message: the provider receives nothing until you do.`,
      `The link is valid for ${VERIFICATION_TTL_HOURS} hours. If you did not write, you can ignore this email.`,
    ],
    { label: "Confirm and send", url: params.confirmUrl },
    inquiryBlock(params.fields, "Your message, as you entered it", CONFIRMATION_EXCERPT_MAX),
  );
}

/** To each OWNER and ADMIN once the sender confirmed; replies go to the sender (Reply-To). */
export function inquiryNotificationEmail(params: { inboxUrl: string; fields: InquiryEmailFields }): EmailMessage {
  return message(
    `New inquiry on ${PRODUCT}`,
    [
      "Hello,",
      `A visitor sent your provider an inquiry through ${PRODUCT} and confirmed their email address. Their message is quoted below.`,
      "Reply to this email to answer them directly, then mark the inquiry as replied in the studio so your response time counts.",
    ],
    { label: "Open the inquiries", url: params.inboxUrl },
    inquiryBlock(params.fields, "The inquiry, as the sender entered it", MESSAGE_MAX),
  );
}

/** To each OWNER and ADMIN when inquiries are still new a day after they became new. */
export function inquiryReminderEmail(params: { inboxUrl: string; waiting: number }): EmailMessage {
  const count = params.waiting === 1 ? "An inquiry has" : `${params.waiting} inquiries have`;
  return message(
    `Inquiries waiting for an answer on ${PRODUCT}`,
    [
      "Hello,",
      `${count} waited more than ${INQUIRY_REMINDER_AFTER_HOURS} hours for an answer. Visitors see how quickly your provider answers on its profile.`,
      "Open the inquiries to reply, or mark them archived or spam.",
    ],
    { label: "Open the inquiries", url: params.inboxUrl },
  );
}
