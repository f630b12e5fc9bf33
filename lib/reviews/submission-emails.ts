// The reviewer's emails about writing a review (extensions §4), under the rules of lib/email/layout.ts:
// our words first; the provider's name (typed by its team) only in the labelled block.
import { message, PRODUCT, type EmailMessage } from "@/lib/email/layout";
import { REVIEW_COOLOFF_HOURS, REVIEW_EDIT_TTL_DAYS } from "./review-rules";

/** To the reviewer once the review is stored: when it publishes, and the private edit link. */
export function reviewReceivedEmail(params: { providerName: string; editUrl: string }): EmailMessage {
  return message(
    `We received your review on ${PRODUCT}`,
    [
      "Hello,",
      `Thank you for your review. It waits ${REVIEW_COOLOFF_HOURS} hours before it is published, as every review does, and then appears on the provider's profile.`,
      `Until then, and for ${REVIEW_EDIT_TTL_DAYS} days, the link below lets you change or withdraw it. The link is private: anyone who has it can edit your review, so please do not forward this email.`,
      "Your email address is never shown with the review.",
    ],
    { label: "Edit or withdraw my review", url: params.editUrl },
    { heading: "The provider you reviewed, as the team entered it", lines: [{ label: "Provider", typed: params.providerName }] },
  );
}
