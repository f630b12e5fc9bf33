// The reviewer's endpoints of extensions §4 (write, edit, withdraw a review) in the OpenAPI document
// (lib/openapi/document.ts assembles the whole), described with the schemas the handlers validate with.
import { z } from "zod";
import { BODY_LIMIT_KB } from "@/lib/openapi/guide";
import { JSON_BODY_ERRORS, jsonBody, NO_STORE_HEADERS, ok, operation, type ApiPaths } from "@/lib/openapi/responses";
import { REVIEW_COOLOFF_HOURS, REVIEW_EDIT_TTL_DAYS, REVIEW_INVITE_TTL_DAYS } from "@/lib/reviews/review-rules";
import { reviewEditSchema, reviewSubmissionSchema } from "@/lib/reviews/review-schemas";
import { reviewEditResultSchema, reviewSubmittedSchema, reviewTokenQuerySchema } from "@/lib/reviews/review-writing-schemas";

const reviewIdParams = z.object({
  id: z.string().meta({ description: "The review's id, as returned when it was written", format: "uuid" }),
});

const EXAMPLE_REVIEW = {
  workedTogether: true,
  projectStatus: "COMPLETED",
  overall: 5,
  quality: 5,
  schedule: 4,
  communication: 5,
  value: null,
  wouldRecommend: true,
  title: "A careful team that shipped on time",
  body: "They rebuilt our booking site in six weeks, answered every question within a day and kept to the budget.",
  projectSpecialty: "DEVELOPMENT",
  display: "NAME_AND_COMPANY",
  reviewerName: "Grace Hopper",
  reviewerRole: "Head of Operations",
  reviewerCompany: "Compilers Inc",
  incentive: null,
};

const editLinkRules = [
  `- \`token\` is the one from the private edit link emailed when the review was written (\`REVIEW_RECEIVED\`). Missing or malformed: 400 \`TOKEN_INVALID\`. A token that does not belong to this id (or an unknown id): 404 \`NOT_FOUND\`, revealing nothing. Older than ${REVIEW_EDIT_TTL_DAYS} days: 410 \`TOKEN_EXPIRED\` (deleting stays possible through a privacy request).`,
  "- The response carries `Referrer-Policy: no-referrer`; the reviewer's email address appears in no response.",
];

export function reviewWritingPaths() {
  return {
    "/public/studio/reviews": {
      post: operation({
        operationId: "submitReview",
        tag: "public",
        summary: "Write a review from an invitation",
        description: [
          `Stores a client's review of the provider their invitation names, \`PENDING\` for ${REVIEW_COOLOFF_HOURS} hours (\`publishAfter\`); it then publishes unless a rating-blind flag holds it for an admin. The reviewer is emailed a private edit link valid ${REVIEW_EDIT_TTL_DAYS} days.`,
          "",
          "- `token` is the one from the invitation email. Missing, malformed or unknown: 400 `TOKEN_INVALID`. Older than " +
            `${REVIEW_INVITE_TTL_DAYS} days: 410 \`TOKEN_EXPIRED\`.`,
          "- One answer per invitation: an invitation already used for a review, or declined with \"We didn't work together\", is 409 `REVIEW_ALREADY_SUBMITTED`. Of simultaneous posts with one token exactly one is 201.",
          "- The sender's conflicts of interest are checked again (a current or former member or invitee of the provider, the provider's own domain, a published review of it in the last 12 months): 403 `REVIEW_CONFLICT`.",
          "- `verification` becomes `CONFIRMED_BY_BOTH` when the provider marked the inquiry engaged, else `STATED_BY_CLIENT`. `projectBudget` absent: the inquiry's budget; `null`: none.",
          `- Body limit ${BODY_LIMIT_KB} KB; send \`Content-Type: application/json\`. The response carries \`Referrer-Policy: no-referrer\`.`,
        ].join("\n"),
        requestParams: { query: reviewTokenQuerySchema },
        requestBody: jsonBody(reviewSubmissionSchema, EXAMPLE_REVIEW),
        responses: { "201": ok("Stored; publishes after the cool-off", reviewSubmittedSchema, NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "TOKEN_INVALID", "REVIEW_CONFLICT", "REVIEW_ALREADY_SUBMITTED", "TOKEN_EXPIRED"],
      }),
    },
    "/public/studio/reviews/{id}": {
      patch: operation({
        operationId: "editReview",
        tag: "public",
        summary: "Edit your review",
        description: [
          "Changes the review's fields (the same as when writing it, all optional; absent ones stay). The answer says where the review stands.",
          "",
          `- A \`PENDING\` review takes the change now and its cool-off starts again (\`publishAfter\` = now + ${REVIEW_COOLOFF_HOURS} h).`,
          `- A \`PUBLISHED\` review stays visible as it was: the edit waits (\`pendingEdit: true\`, merged over an earlier waiting edit) for ${REVIEW_COOLOFF_HOURS} hours (\`pendingEditPublishAfter\`), then replaces it and the review shows "Edited {date}"; a provider's reply stays, marked as a reply to an earlier version.`,
          "- A rejected, removed or withdrawn review: 409 `CONFLICT`. A body naming no field changes nothing.",
          ...editLinkRules,
        ].join("\n"),
        requestParams: { path: reviewIdParams, query: reviewTokenQuerySchema },
        requestBody: jsonBody(reviewEditSchema, { overall: 4, body: "Six weeks later: one bug after launch, fixed the same day. Still a careful, honest team." }),
        responses: { "200": ok("The review after the edit", reviewEditResultSchema, NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "TOKEN_INVALID", "NOT_FOUND", "CONFLICT", "TOKEN_EXPIRED"],
      }),
      delete: operation({
        operationId: "withdrawReview",
        tag: "public",
        summary: "Withdraw your review",
        description: [
          "Withdraws the review (`WITHDRAWN`): it leaves the profile, any waiting edit is dropped, and the provider's review figures and ranking are recomputed at once. No body; 204.",
          "",
          "- Withdrawing again is 204 and changes nothing. A review Provider Registry rejected or removed: 409 `CONFLICT`.",
          ...editLinkRules,
        ].join("\n"),
        requestParams: { path: reviewIdParams, query: reviewTokenQuerySchema },
        responses: { "204": ok("Withdrawn (now or before); no body", undefined, NO_STORE_HEADERS) },
        errors: ["TOKEN_INVALID", "NOT_FOUND", "CONFLICT", "TOKEN_EXPIRED"],
      }),
    },
  } satisfies ApiPaths;
}
