// The emails of a review going public (extensions §4: REVIEW_PUBLISHED to the reviewer and to the
// provider's OWNERs and ADMINs), under the rules of lib/email/layout.ts.
import { message, PRODUCT, type EmailMessage } from "@/lib/email/layout";

/** To the reviewer: their review is public now, and where it is. */
export function reviewPublishedToReviewerEmail(params: { providerName: string; profileUrl: string; edit: boolean }): EmailMessage {
  return message(
    params.edit ? `Your edited review is now public on ${PRODUCT}` : `Your review is now public on ${PRODUCT}`,
    [
      "Hello,",
      params.edit
        ? "The changes you made to your review have been published, marked with the date you edited it."
        : "Thank you for your review. It has been published on the provider's profile.",
      "You can still change or withdraw it with the private link we sent when you wrote it.",
    ],
    { label: "See the profile", url: params.profileUrl },
    { heading: "The provider, as listed", lines: [{ label: "Provider", typed: params.providerName }] },
  );
}

/** To each OWNER and ADMIN: a review of their provider is public now. */
export function reviewPublishedToProviderEmail(params: { reviewsUrl: string; edit: boolean }): EmailMessage {
  return message(
    params.edit ? `A client edited their review of you on ${PRODUCT}` : `A client's review of you is now public on ${PRODUCT}`,
    [
      "Hello,",
      params.edit
        ? "A client changed a review of your company, and the new version is now public."
        : "A client who contacted you through the registry wrote a review, and it is now public on your profile.",
      "You can reply to it once in the studio. If it breaks our rules (no real engagement, a conflict of interest, personal data or abuse), you can ask us to look at it there; it stays visible while we do.",
    ],
    { label: "Open reviews in the studio", url: params.reviewsUrl },
  );
}
