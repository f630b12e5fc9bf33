// The review invitation and its one reminder (extensions §4), under the rules of lib/email/layout.ts.
// The question is fixed and neutral, the provider cannot edit it: every sender gets the same words,
// whatever the provider marked. The provider's name is text its team typed, so it is not part of our
// sentences: the question points to it, and it stands below, quoted and neutralised, in the block of
// typed values. Nothing the sender or the provider typed becomes a link.
import { message, PRODUCT, type EmailMessage } from "@/lib/email/layout";
import { REVIEW_INVITE_TTL_DAYS } from "./review-rules";

export interface InvitationEmailParams {
  providerName: string;
  deliveredAt: Date;
  writeUrl: string;
  declineUrl: string;
  optOutUrl: string;
}

/** The fixed question, the provider named in the block below it. */
export const INVITATION_QUESTION =
  "Did you work with the provider named below? If you did, other clients would like to know how it went — good or bad.";

const day = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

function invitationMessage(subject: string, params: InvitationEmailParams, closing: string): EmailMessage {
  return message(
    subject,
    [
      "Hello,",
      INVITATION_QUESTION,
      `You contacted them through ${PRODUCT} on ${day(params.deliveredAt)}. A review takes a few minutes; it is published after a short check, under the name you choose, and your email address is never shown. If you did not work together, say so with the second button: nobody else sees that answer.`,
      closing,
    ],
    [
      { label: "Write a review", url: params.writeUrl },
      { label: "We didn't work together", url: params.declineUrl },
    ],
    { heading: "The provider you contacted, as the team entered it", lines: [{ label: "Provider", typed: params.providerName }] },
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
