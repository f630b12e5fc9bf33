// The reports-of-outdated-information endpoints' share of the OpenAPI document (extensions §6;
// lib/openapi/document.ts assembles the whole), described with the schemas the handlers validate with.
import { z } from "zod";
import {
  ESCALATING_CATEGORIES,
  ESCALATION_DEADLINE_DAYS,
  ESCALATION_DISTINCT_REPORTERS,
  ESCALATION_WINDOW_DAYS,
  REPORT_REPEAT_WINDOW_DAYS,
} from "@/lib/listing-reports/report-rules";
import {
  listingReportAcceptedSchema,
  listingReportListQuerySchema,
  listingReportListSchema,
  listingReportResolveSchema,
  listingReportSchema,
  listingReportSubmissionSchema,
} from "@/lib/listing-reports/schemas";
import { BODY_LIMIT_KB } from "@/lib/openapi/guide";
import { JSON_BODY_ERRORS, jsonBody, NO_STORE_HEADERS, ok, operation, PRIVATE_NO_STORE_HEADERS, type ApiPaths } from "@/lib/openapi/responses";

const slugParams = z.object({
  slug: z.string().meta({ description: "The provider's slug", example: "northwind-studio" }),
});
const reportIdParams = z.object({
  id: z.string().meta({ description: "Report id, as returned by GET /provider/studio/reports" }),
});

export function reportPaths() {
  return {
    "/public/studio/providers/{slug}/reports": {
      post: operation({
        operationId: "reportOutdatedListing",
        tag: "public",
        summary: "Report outdated information on a listing",
        description: [
          "Tells the provider that something on its listing may be out of date. The provider sees the category, the fields and the note, never who reported it nor their email; an email given here receives one message when the report is answered or dismissed.",
          "",
          "- An unknown, unapproved or unpublished provider is 404.",
          "- `note` (10–1000 characters) is required for `WRONG_FACTS` and `OTHER`.",
          `- \`REPORT_IP_LIMIT\` reports per client IP per hour (429 with \`Retry-After\`). The same client reporting the same provider in the same category again within ${REPORT_REPEAT_WINDOW_DAYS} days is answered 202 and changes nothing, not even the hourly count.`,
          `- ${ESCALATION_DISTINCT_REPORTERS} distinct clients reporting ${ESCALATING_CATEGORIES.map((c) => `\`${c}\``).join(" or ")} within ${ESCALATION_WINDOW_DAYS} days ask the provider to confirm its listing within ${ESCALATION_DEADLINE_DAYS} days; unconfirmed by then, the listing is hidden until it is.`,
          "- When CAPTCHA is configured, `turnstileToken` is required and verified (400 `CAPTCHA_FAILED`): a token from a Turnstile widget with the action `report`, solved on this site's host.",
          `- Unknown fields are ignored. Body limit ${BODY_LIMIT_KB} KB; send \`Content-Type: application/json\`.`,
        ].join("\n"),
        requestParams: { path: slugParams },
        requestBody: jsonBody(listingReportSubmissionSchema, {
          category: "WRONG_FACTS",
          fields: ["city"],
          note: "Their office moved to Lisbon last year.",
          email: "ada@example.com",
        }),
        responses: { "202": ok("Accepted (or a repeat, which changes nothing)", listingReportAcceptedSchema, NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "NOT_FOUND", "CAPTCHA_FAILED", "RATE_LIMITED"],
      }),
    },
    "/provider/studio/reports": {
      get: operation({
        operationId: "listListingReports",
        tag: "studio",
        apiKey: true,
        summary: "List reports of outdated information",
        description: [
          "Lists the key's provider's reports of one status (default `OPEN`), newest first. Every role may read. Who reported, and their email, is never shown.",
          "",
          "- `page` and `limit` work as in the public list.",
        ].join("\n"),
        requestParams: { query: listingReportListQuerySchema },
        responses: { "200": ok("One page of reports", listingReportListSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: ["VALIDATION_FAILED"],
      }),
    },
    "/provider/studio/reports/{id}/resolve": {
      post: operation({
        operationId: "resolveListingReport",
        tag: "studio",
        apiKey: true,
        summary: "Answer a report",
        description: [
          "Answers an open report and returns it. OWNER and ADMIN keys only (a MEMBER key is 403 `FORBIDDEN`).",
          "",
          "- `FIXED` also confirms the listing's details (as `POST /provider/studio/listing/confirm` does) and ends a pending request to confirm; `NOT_AN_ISSUE` only closes the report.",
          "- The reporter, if they left an email, is told once how it was handled; the note is not quoted to them.",
          "- Another provider's report or an unknown id is 404; a report already answered or dismissed is 409 `CONFLICT`. Recorded in the activity log.",
        ].join("\n"),
        requestParams: { path: reportIdParams },
        requestBody: jsonBody(listingReportResolveSchema, { action: "FIXED", note: "Updated the city." }),
        responses: { "200": ok("The report", listingReportSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "NOT_FOUND", "CONFLICT"],
      }),
    },
  } satisfies ApiPaths;
}
