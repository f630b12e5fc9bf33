// The review invitation and its one reminder (extensions §4), under the rules of lib/email/layout.ts.
// The question is fixed and neutral, the provider cannot edit it: every sender gets the same words,
// whatever the provider marked. The provider's name is its listed name, neutralised (one line, no
// link) and quoted; nothing the sender or the provider typed becomes a link.
import { message, PRODUCT, type EmailMessage } from "@/lib/email/layout";
import { neutraliseLine } from "@/lib/email/user-text";
import { REVIEW_INVITE_TTL_DAYS } from "./review-rules";

const NAME_MAX = 200;

export interface InvitationEmailParams {
  providerName: string;
  deliveredAt: Date;
  writeUrl: string;
  declineUrl: string;
  optOutUrl: string;
}

const day = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The fixed question: "Did you work with {provider}? If you did, …". */
export function invitationQuestion(providerName: string): string {
  return `Did you work with “${neutraliseLine(providerName, NAME_MAX)}”? If you did, other clients would like to know how it went — good or bad.`;
}

function invitationMessage(subject: string, params: InvitationEmailParams, closing: string): EmailMessage {
  return message(
    subject,
    [
      "Hello,",
      invitationQuestion(params.providerName),
      `You contacted them through ${PRODUCT} on ${day(params.deliveredAt)}. A review takes a few minutes; it is published after a short check, under the name you choose, and your email address is never shown. If you did not work together, say so with the second button: nobody else sees that answer.`,
      closing,
    ],
    [
      { label: "Write a review", url: params.writeUrl },
      { label: "We didn't work together", url: params.declineUrl },
    ],
    undefined,
    { text: "Would you rather get no review emails from us at all?", link: { label: "Stop review emails", url: params.optOutUrl } },
  );
}

/** REVIEW_INVITATION: to the sender of a delivered inquiry, once. */
export function reviewInvitationEmail(params: InvitationEmailParams): EmailMessage {
  return invitationMessage(
    `Did you work with the provider you contacted on ${PRODUCT}?`,
    params,
    `The links work for ${REVIEW_INVITE_TTL_DAYS} days. We ask once, and remind you once.`,
  );
}

/** REVIEW_REMINDER: the one reminder, with fresh links (the first email's links stop working). */
export function reviewReminderEmail(params: InvitationEmailParams): EmailMessage {
  return invitationMessage(
    `A reminder: did you work with the provider you contacted on ${PRODUCT}?`,
    params,
    "This is our only reminder; the links in our first email no longer work, use these instead. We will not ask again.",
  );
}
