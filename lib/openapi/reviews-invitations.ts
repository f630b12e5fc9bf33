// The review invitations' share of the OpenAPI document (extensions §4: the engagement mark, the
// invitation a token opens, the decline; lib/openapi/document.ts assembles the whole), described with
// the schemas the handlers validate with.
import { z } from "zod";
import { inquirySchema } from "@/lib/inquiries/schemas";
import { BODY_LIMIT_KB } from "@/lib/openapi/guide";
import { JSON_BODY_ERRORS, jsonBody, NO_STORE_HEADERS, ok, operation, PRIVATE_NO_STORE_HEADERS, type ApiPaths } from "@/lib/openapi/responses";
import {
  reviewDeclineResultSchema,
  reviewDeclineSchema,
  reviewInvitationViewSchema,
  reviewTokenQuerySchema,
} from "@/lib/reviews/invitation-schemas";
import {
  REVIEW_CHECKIN_AFTER_DAYS,
  REVIEW_INVITE_AFTER_ENGAGED_DAYS,
  REVIEW_INVITE_MIN_AFTER_DELIVERY_DAYS,
  REVIEW_INVITE_TTL_DAYS,
  REVIEW_REMINDER_AFTER_DAYS,
  REVIEW_SPAM_GRACE_HOURS,
} from "@/lib/reviews/review-rules";

const inquiryIdParams = z.object({
  id: z.string().meta({ description: "Inquiry id, as returned by GET /provider/studio/inquiries" }),
});

const TOKEN_ERRORS = ["TOKEN_INVALID", "REVIEW_ALREADY_SUBMITTED", "TOKEN_EXPIRED"] as const;
const tokenRules = [
  `- Missing, malformed or unknown token (a reminder's link replaces the first email's): 400 \`TOKEN_INVALID\`. A review already written with it: 409 \`REVIEW_ALREADY_SUBMITTED\`. Older than ${REVIEW_INVITE_TTL_DAYS} days, or closed by a decline: 410 \`TOKEN_EXPIRED\`.`,
  "- The response carries `Referrer-Policy: no-referrer`.",
];

export function reviewInvitationPaths() {
  const engagementRules = [
    "- Another provider's inquiry, an unconfirmed one or an unknown id is 404. Recorded in the activity log.",
    "- Returns the Inquiry with `engagedAt` and `reviewInvitation` (`SCHEDULED` with its `sendAt` until the invitation is sent).",
  ];
  return {
    "/provider/studio/inquiries/{id}/engagement": {
      post: operation({
        operationId: "markInquiryEngagement",
        tag: "studio",
        apiKey: true,
        summary: "Mark that you worked with an inquiry's sender",
        description: [
          "Sets `engagedAt`; no body. OWNER and ADMIN keys only (a MEMBER key is 403 `FORBIDDEN`). Idempotent: a second call returns the same body.",
          "",
          `- Every sender is asked for a review once, with or without the mark: the mark brings the invitation forward to \`max(engagedAt + ${REVIEW_INVITE_AFTER_ENGAGED_DAYS} d, deliveredAt + ${REVIEW_INVITE_MIN_AFTER_DELIVERY_DAYS} d)\`; without it the sender is asked at \`deliveredAt + ${REVIEW_CHECKIN_AFTER_DAYS} d\`, and reminded once ${REVIEW_REMINDER_AFTER_DAYS} days later. The wording is fixed; the provider cannot edit it.`,
          "- A review by this sender is labelled `CONFIRMED_BY_BOTH` (an existing one is upgraded now).",
          `- An inquiry marked \`SPAM\` is 409 \`INQUIRY_NOT_ELIGIBLE\` (an inquiry marked spam within ${REVIEW_SPAM_GRACE_HOURS} hours of delivery is never invited).`,
          ...engagementRules,
        ].join("\n"),
        requestParams: { path: inquiryIdParams },
        responses: { "200": ok("The inquiry", inquirySchema, PRIVATE_NO_STORE_HEADERS) },
        errors: ["FORBIDDEN", "NOT_FOUND", "INQUIRY_NOT_ELIGIBLE"],
      }),
      delete: operation({
        operationId: "unmarkInquiryEngagement",
        tag: "studio",
        apiKey: true,
        summary: "Undo the engagement mark",
        description: [
          "Clears `engagedAt`, while the sender's review invitation has not been sent; the invitation falls back to the check-in date. OWNER and ADMIN keys only (a MEMBER key is 403 `FORBIDDEN`). An unmarked inquiry answers the same body.",
          "",
          "- Once the invitation was sent: 409 `INVITATION_ALREADY_SENT`, and the mark stays.",
          ...engagementRules,
        ].join("\n"),
        requestParams: { path: inquiryIdParams },
        responses: { "200": ok("The inquiry", inquirySchema, PRIVATE_NO_STORE_HEADERS) },
        errors: ["FORBIDDEN", "NOT_FOUND", "INVITATION_ALREADY_SENT"],
      }),
    },
    "/public/studio/reviews/invitation": {
      get: operation({
        operationId: "getReviewInvitation",
        tag: "public",
        summary: "Read the review invitation a token opens",
        description: [
          "What the review form starts from: the provider, when the inquiry was delivered, whether the provider confirmed the engagement, and the inquiry's name, company and budget as a prefill (never the inquiry's text nor the address). Changes nothing.",
          "",
          ...tokenRules,
        ].join("\n"),
        requestParams: { query: reviewTokenQuerySchema },
        responses: { "200": ok("The invitation", reviewInvitationViewSchema, NO_STORE_HEADERS) },
        errors: [...TOKEN_ERRORS],
      }),
    },
    "/public/studio/reviews/decline": {
      post: operation({
        operationId: "declineReviewInvitation",
        tag: "public",
        summary: "Decline a review invitation",
        description: [
          "Closes the invitation: `NOT_HIRED` (we did not work together) or `NO_THANKS`. No reminder follows and the link writes no review. The answer is private: never shown, never told to the provider, never counted anywhere public.",
          "",
          "- Idempotent: declining again is 200 and keeps the first reason.",
          ...tokenRules,
          `- Unknown fields are refused (400 \`VALIDATION_FAILED\`). Body limit ${BODY_LIMIT_KB} KB; send \`Content-Type: application/json\`.`,
        ].join("\n"),
        requestParams: { query: reviewTokenQuerySchema },
        requestBody: jsonBody(reviewDeclineSchema, { reason: "NOT_HIRED" }),
        responses: { "200": ok("Declined (now or before)", reviewDeclineResultSchema, NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, ...TOKEN_ERRORS],
      }),
    },
  } satisfies ApiPaths;
}
