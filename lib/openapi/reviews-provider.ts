// The provider's review endpoints (extensions §4 "Provider endpoints"; lib/openapi/document.ts
// assembles the whole), described with the schemas the handlers validate with.
import { z } from "zod";
import {
  providerReviewListQuerySchema,
  providerReviewListSchema,
  reviewDisputeOpenedSchema,
  reviewDisputeSchema,
  reviewReplySchema,
  reviewReplyViewSchema,
} from "@/lib/reviews/moderation-schemas";
import {
  REVIEW_DISPUTE_DECISION_DAYS,
  REVIEW_DISPUTE_SUSPENSION_DAYS,
  REVIEW_DISPUTE_WINDOW_DAYS,
  REVIEW_DISPUTES_OPEN_MAX,
  REVIEW_DISPUTES_PER_WINDOW,
  REVIEW_DISPUTES_REJECTED_TO_SUSPEND,
  REVIEW_REPLY_EDIT_MINUTES,
} from "@/lib/reviews/review-rules";
import { JSON_BODY_ERRORS, jsonBody, ok, operation, PRIVATE_NO_STORE_HEADERS, type ApiPaths } from "@/lib/openapi/responses";

const reviewIdParams = z.object({
  id: z.string().meta({ description: "Review id, as returned by GET /provider/studio/reviews" }),
});

const REPLY_RULES = [
  "OWNER and ADMIN keys only (a MEMBER key is 403 `FORBIDDEN`); another provider's review, an unknown id or a review not published is 404.",
  `- One reply per review. It may be edited with \`PATCH\` within ${REVIEW_REPLY_EDIT_MINUTES} minutes of its creation, then 409 \`REPLY_LOCKED\`.`,
  "- The reviewer is emailed once, when the reply is created; edits send nothing. Recorded in the activity log.",
];

export function reviewProviderPaths() {
  return {
    "/provider/studio/reviews": {
      get: operation({
        operationId: "listProviderReviews",
        tag: "studio",
        apiKey: true,
        summary: "List your reviews",
        description: [
          "Lists the key's provider's reviews of one status (`PUBLISHED` by default, or `REMOVED`), newest first, with the reply, the removal reason and the latest dispute. Every role may read.",
          "",
          "- Pending reviews (in their 24-hour cool-off or held for the registry's moderators) are counted in `pendingCount` and never shown, so nobody is pressed to change a review before it publishes.",
          "- The reviewer's email address is never part of the answer.",
          "- `page` and `limit` work as in the public list.",
        ].join("\n"),
        requestParams: { query: providerReviewListQuerySchema },
        responses: { "200": ok("One page of reviews", providerReviewListSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: ["VALIDATION_FAILED"],
      }),
    },
    "/provider/studio/reviews/{id}/reply": {
      post: operation({
        operationId: "replyToReview",
        tag: "studio",
        apiKey: true,
        summary: "Reply to a review",
        description: ["Publishes the provider's reply below a published review.", "", ...REPLY_RULES, "- A second reply is 409 `REPLY_EXISTS`."].join("\n"),
        requestParams: { path: reviewIdParams },
        requestBody: jsonBody(reviewReplySchema, { body: "Thank you for working with us; we are glad the launch went well." }),
        responses: { "201": ok("The reply", reviewReplyViewSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "NOT_FOUND", "REPLY_EXISTS"],
      }),
      patch: operation({
        operationId: "editReviewReply",
        tag: "studio",
        apiKey: true,
        summary: "Edit your reply",
        description: ["Replaces the reply's text within the edit window.", "", ...REPLY_RULES].join("\n"),
        requestParams: { path: reviewIdParams },
        requestBody: jsonBody(reviewReplySchema, { body: "Thank you for working with us." }),
        responses: { "200": ok("The reply", reviewReplyViewSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "NOT_FOUND", "REPLY_LOCKED"],
      }),
    },
    "/provider/studio/reviews/{id}/dispute": {
      post: operation({
        operationId: "disputeReview",
        tag: "studio",
        apiKey: true,
        summary: "Dispute a review",
        description: [
          "Asks the registry's moderators to check a published review. OWNER and ADMIN keys only; another provider's review or an unknown id is 404.",
          "",
          `- The review stays published, marked \`underDispute: true\` ("Under review by Provider Registry"). The reviewer is emailed the reason's category (not your note) and a link to give their side. A moderator upholds (the review is removed, the reason shown to both sides) or rejects (the mark is removed) within ${REVIEW_DISPUTE_DECISION_DAYS} days (\`dueAt\`); with no decision by then the mark is removed and the review stays.`,
          "- Disagreeing with a review is not a reason: reply instead.",
          "- A review already under dispute is 409 `DISPUTE_OPEN`.",
          `- At most ${REVIEW_DISPUTES_OPEN_MAX} open disputes, and ${REVIEW_DISPUTES_PER_WINDOW} opened in ${REVIEW_DISPUTE_WINDOW_DAYS} days: 429 \`RATE_LIMITED\` with \`Retry-After\`.`,
          `- ${REVIEW_DISPUTES_REJECTED_TO_SUSPEND} rejected disputes within ${REVIEW_DISPUTE_WINDOW_DAYS} days suspend disputes for ${REVIEW_DISPUTE_SUSPENSION_DAYS} days: 403 \`DISPUTES_SUSPENDED\`.`,
          "- Recorded in the activity log.",
        ].join("\n"),
        requestParams: { path: reviewIdParams },
        requestBody: jsonBody(reviewDisputeSchema, { reason: "NO_ENGAGEMENT", note: "We have no record of this client: no contract, no invoice, no calls." }),
        responses: { "201": ok("The dispute", reviewDisputeOpenedSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "DISPUTES_SUSPENDED", "NOT_FOUND", "DISPUTE_OPEN", "RATE_LIMITED"],
      }),
    },
  } satisfies ApiPaths;
}
