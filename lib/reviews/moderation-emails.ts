// The emails of review moderation (extensions §4), under the rules of lib/email/layout.ts: our words
// first; the provider's name, its reply and a moderator's note only in a labelled block, neutralised.
import type { ReviewDisputeReason, ReviewRejectReason } from "@/db/enums";
import { message, PRODUCT, type EmailMessage } from "@/lib/email/layout";
import { DISPUTE_REASON_LABELS, REJECT_REASON_LABELS } from "./moderation-labels";
import { REVIEW_DISPUTE_ANSWER_MAX } from "./review-rules";

const PROVIDER_BLOCK = "The provider's name, as the team entered it";
const day = (d: Date) => d.toISOString().slice(0, 10);

function providerBlock(providerName: string, quotation?: { label: string; text: string }) {
  return { heading: PROVIDER_BLOCK, lines: [{ label: "Provider", typed: providerName }], ...(quotation ? { quotation } : {}) };
}

const noteQuotation = (note: string | null | undefined) => (note ? { label: "The moderator's note on the reason", text: note } : undefined);

/** To the reviewer: an admin did not publish their review (or, with `edit`, their edit of a published one). */
export function reviewRejectedEmail(params: { providerName: string; reason: ReviewRejectReason; note: string | null; edit?: boolean }): EmailMessage {
  const what = params.edit ? "your edit of your review" : "your review";
  return message(
    params.edit ? `Your edited review was not published on ${PRODUCT}` : `Your review was not published on ${PRODUCT}`,
    [
      "Hello,",
      `Thank you for writing. Our moderators read ${what} and decided not to publish it. The reason: ${REJECT_REASON_LABELS[params.reason]}.`,
      params.edit
        ? "Your review stays as it was published before the edit. If you think this is a mistake, reply to this email."
        : "The review is not shown anywhere and counts in no figure. If you think this is a mistake, reply to this email.",
    ],
    undefined,
    providerBlock(params.providerName, noteQuotation(params.note)),
  );
}

/** To the reviewer, once, when the provider first replies (not on later edits). */
export function reviewReplyEmail(params: { providerName: string; profileUrl: string; reply: string }): EmailMessage {
  return message(
    `The provider replied to your review on ${PRODUCT}`,
    [
      "Hello,",
      "The provider you reviewed has published a reply below your review. You do not need to do anything; the reply is shown as written, below.",
    ],
    { label: "See the review and the reply", url: params.profileUrl },
    providerBlock(params.providerName, { label: "The provider's reply, as written (not the registry's words or reason)", text: params.reply }),
  );
}

/**
 * To the reviewer: the provider disputes the review. The provider's note is for the admins and is not
 * quoted (it may hold what the reviewer should not be told, or words aimed at them); the category is.
 */
export function reviewDisputeRequestEmail(params: {
  providerName: string;
  reason: ReviewDisputeReason;
  answerUrl: string;
  dueAt: Date;
}): EmailMessage {
  return message(
    `A provider asked ${PRODUCT} to check your review`,
    [
      "Hello,",
      `The provider you reviewed asked our moderators to check your review. ${DISPUTE_REASON_LABELS[params.reason]}.`,
      `Your review stays published while we check, marked "Under review by ${PRODUCT}". You may tell us your side in up to ${REVIEW_DISPUTE_ANSWER_MAX} characters with the link below. We decide by ${day(params.dueAt)}; with no decision by then the mark is removed and your review stays.`,
    ],
    { label: "Answer the dispute", url: params.answerUrl },
    providerBlock(params.providerName),
  );
}

export type DisputeOutcome = "UPHELD" | "REJECTED";

/** To the reviewer and to the provider's OWNERs and ADMINs: how a dispute was decided. */
export function reviewDisputeDecidedEmail(params: {
  audience: "reviewer" | "provider";
  outcome: DisputeOutcome;
  providerName: string;
  reason: ReviewDisputeReason;
  note: string | null;
}): EmailMessage {
  const upheld = params.outcome === "UPHELD";
  const what = upheld
    ? `We upheld the dispute and removed the review. The reason: ${REJECT_REASON_LABELS[reasonFor(params.reason)]}.`
    : "We did not uphold the dispute: the review stays published and its mark is removed.";
  const intro =
    params.audience === "reviewer"
      ? "Our moderators decided on the provider's dispute of your review."
      : "Our moderators decided on your team's dispute of a review.";
  return message(
    `A review dispute was decided on ${PRODUCT}`,
    ["Hello,", intro, what, ...(upheld && params.audience === "provider" ? ["The review no longer counts in your figures."] : [])],
    undefined,
    providerBlock(params.providerName, noteQuotation(params.note)),
  );
}

function reasonFor(reason: ReviewDisputeReason): ReviewRejectReason {
  return reason === "NO_ENGAGEMENT" ? "NOT_A_REAL_ENGAGEMENT" : reason;
}

/** To the reviewer and to the provider's OWNERs and ADMINs: an admin removed a published review. */
export function reviewRemovedEmail(params: {
  audience: "reviewer" | "provider";
  providerName: string;
  reason: ReviewRejectReason;
  note: string | null;
}): EmailMessage {
  return message(
    `A review was removed from ${PRODUCT}`,
    [
      "Hello,",
      params.audience === "reviewer"
        ? "Our moderators removed your published review of the provider below."
        : "Our moderators removed a published review of your listing.",
      `The reason: ${REJECT_REASON_LABELS[params.reason]}. The review is no longer shown and counts in no figure.`,
    ],
    undefined,
    providerBlock(params.providerName, noteQuotation(params.note)),
  );
}
