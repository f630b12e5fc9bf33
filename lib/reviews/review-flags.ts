import type { ReviewFlag } from "@/db/enums";

// What holds a review for an admin instead of publishing it after the cool-off (extensions §4). The
// inputs are deliberately the review's words and its circumstances, never a rating: the type below
// has no rating field, so no rule here can read one.

const EMAIL_PATTERN = /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[\p{L}\p{N}-]+)+/iu;
/** Nine or more digits in a row, allowing the spaces, dots, dashes and brackets phone numbers are written with. */
const PHONE_PATTERN = /(?:\+|\b)\d(?:[\s().-]{0,2}\d){8,}/u;

/** A review's text as the hold rules may see it: what was written, never how it was rated. */
export interface ReviewWords {
  title: string;
  body: string;
  incentive: string | null;
  reviewerName: string;
  reviewerRole: string | null;
  reviewerCompany: string | null;
}

export function hasContactDetails(words: ReviewWords): boolean {
  const texts = [words.title, words.body, words.incentive, words.reviewerName, words.reviewerRole, words.reviewerCompany];
  return texts.some((t) => t !== null && (EMAIL_PATTERN.test(t) || PHONE_PATTERN.test(t)));
}

/**
 * The flags of one review: BURST when more than REVIEW_BURST_LIMIT reviews of the provider were written
 * within the burst window around it, LATE_SPAM when the provider marked the inquiry spam after the
 * grace period, CONTACT_DETAILS when the words hold an address or a phone number.
 */
export function reviewFlags(params: { words: ReviewWords; burst: boolean; lateSpam: boolean }): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  if (params.burst) flags.push("BURST");
  if (params.lateSpam) flags.push("LATE_SPAM");
  if (hasContactDetails(params.words)) flags.push("CONTACT_DETAILS");
  return flags;
}
