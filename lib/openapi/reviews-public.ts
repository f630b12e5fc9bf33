// What the public reads about reviews, and the review report (extensions §4): their share of the
// OpenAPI document (lib/openapi/document.ts assembles the whole), from the schemas the handlers use.
import { z } from "zod";
import { BODY_LIMIT_KB } from "@/lib/openapi/guide";
import { etagHeader, JSON_BODY_ERRORS, jsonBody, NO_STORE_HEADERS, ok, operation, PUBLIC_READ_HEADERS, type ApiPaths } from "@/lib/openapi/responses";
import { REVIEW_LIST_DEFAULT_LIMIT, REVIEW_LIST_MAX_LIMIT, reviewListQuerySchema, reviewListSchema } from "@/lib/reviews/public-read-schemas";
import { reviewReportAcceptedSchema, reviewReportSubmissionSchema } from "@/lib/reviews/report-schemas";
import { REVIEW_REPORT_NOTE_MAX, REVIEW_REPORT_NOTE_MIN, REVIEW_REPORTS_PER_IP_PER_HOUR, REVIEW_STATS_MIN_COUNT } from "@/lib/reviews/review-rules";

const slugParams = z.object({
  slug: z.string().meta({ description: "The provider's slug", example: "northwind-studio" }),
});
const reviewIdParams = z.object({
  id: z.string().meta({ description: "The review's id, as in the reviews list", format: "uuid" }),
});

export function publicReviewPaths() {
  return {
    "/public/studio/providers/{slug}/reviews": {
      get: operation({
        operationId: "listPublicReviews",
        tag: "public",
        summary: "List a provider's published reviews",
        description: [
          "One page of the provider's published reviews with their figures (`stats`, also on the profile as `reviews`). Only published reviews are listed or counted; pending, rejected, removed and withdrawn ones never are.",
          "",
          "- `sort`: `newest` (default), `highest` or `lowest` overall rating; ties newest first, then by id.",
          `- \`page\` from 1; \`limit\` default ${REVIEW_LIST_DEFAULT_LIMIT}, at most ${REVIEW_LIST_MAX_LIMIT} (higher values are clamped).`,
          `- \`stats.average\`, \`recommendShare\` and each sub-rating are null below ${REVIEW_STATS_MIN_COUNT} ratings.`,
          "- `verification` tells how the engagement is known: `CONFIRMED_BY_BOTH` (the provider marked it) or `STATED_BY_CLIENT`; both count alike.",
          "- `underDispute` is true while the provider's dispute of the review is open (shown as \"Under review by Provider Registry\"); the review stays listed throughout.",
          "- `reply.toEarlierVersion` is true when the review was edited after the provider replied.",
          "- Never an email address, never the inquiry's text. Web addresses in texts are plain text, never links.",
          "",
          "An absent, unapproved or unpublished provider is 404, as for the profile; an old slug answers `301` to the current address with the same query.",
          "",
          "Cacheable by shared caches (`s-maxage`), with an `ETag`; `If-None-Match` gives 304. CORS: any origin.",
        ].join("\n"),
        requestParams: { path: slugParams, query: reviewListQuerySchema },
        responses: {
          "200": ok("One page of published reviews and the figures", reviewListSchema, PUBLIC_READ_HEADERS),
          "301": {
            description: "Moved permanently: an old slug of a listed provider; follow `Location`",
            headers: z.object({
              Location: z.string().meta({ description: "The current address, e.g. /api/public/studio/providers/northwind-design/reviews?sort=highest" }),
            }),
          },
          "304": { description: "Not modified: the `If-None-Match` ETag is current", headers: z.object({ ETag: etagHeader }) },
        },
        errors: ["VALIDATION_FAILED", "NOT_FOUND"],
      }),
    },
    "/public/studio/reviews/{id}/reports": {
      post: operation({
        operationId: "reportReview",
        tag: "public",
        summary: "Report a published review",
        description: [
          "Tells Provider Registry's moderators that a published review may be fake, written under a conflict of interest, abusive or revealing personal data. A report never hides the review; neither the provider nor the reviewer learns who reported it.",
          "",
          "- A review that is not published (or of a provider that is not listed) is 404.",
          `- \`note\`: ${REVIEW_REPORT_NOTE_MIN}–${REVIEW_REPORT_NOTE_MAX} characters; \`email\` optional.`,
          `- ${REVIEW_REPORTS_PER_IP_PER_HOUR} reports per client IP per hour (429 with \`Retry-After\`); one report per client per review: a repeat is answered 202 and changes nothing, not even the hourly count.`,
          "- When CAPTCHA is configured, `turnstileToken` is required and verified (400 `CAPTCHA_FAILED`): a token from a Turnstile widget with the action `report`, solved on this site's host.",
          `- Unknown fields are ignored. Body limit ${BODY_LIMIT_KB} KB; send \`Content-Type: application/json\`.`,
        ].join("\n"),
        requestParams: { path: reviewIdParams },
        requestBody: jsonBody(reviewReportSubmissionSchema, {
          reason: "CONFLICT",
          note: "The reviewer is the provider's co-founder.",
          email: "ada@example.com",
        }),
        responses: { "202": ok("Accepted (or a repeat, which changes nothing)", reviewReportAcceptedSchema, NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "NOT_FOUND", "CAPTCHA_FAILED", "RATE_LIMITED"],
      }),
    },
  } satisfies ApiPaths;
}
