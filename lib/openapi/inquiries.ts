// The inquiry endpoints' share of the OpenAPI document (extensions §3; lib/openapi/document.ts assembles the whole),
// described with the schemas the handlers validate with.
import { z } from "zod";
import { INQUIRIES_CSV_MAX_ROWS } from "@/lib/provider-exports/export-rules";
import { VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";
import {
  inquiryAcceptedSchema,
  inquiryListQuerySchema,
  inquiryListSchema,
  inquirySchema,
  inquiryStatusChangeSchema,
  inquirySubmissionDocumentSchema,
  inquiryVerifyQuerySchema,
  inquiryVerifyResultSchema,
} from "@/lib/inquiries/schemas";
import { INQUIRY_SENDER_WINDOW_HOURS } from "@/lib/inquiries/inquiry-fields";
import { INQUIRIES_PER_SENDER, INQUIRIES_PER_SENDER_AND_PROVIDER, UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR } from "@/lib/inquiries/submit-inquiry";
import { INQUIRIES_DELIVERED_PER_PROVIDER_PER_DAY } from "@/lib/inquiries/verify-inquiry";
import { BODY_LIMIT_KB } from "@/lib/openapi/guide";
import {
  JSON_BODY_ERRORS,
  jsonBody,
  NO_STORE_HEADERS,
  ok,
  operation,
  PRIVATE_NO_STORE_HEADERS,
  type ApiPaths,
} from "@/lib/openapi/responses";

const privateNoStore = PRIVATE_NO_STORE_HEADERS;
const noStore = NO_STORE_HEADERS;
const slugParams = z.object({
  slug: z.string().meta({ description: "The provider's slug", example: "northwind-studio" }),
});
const inquiryIdParams = z.object({
  id: z.string().meta({ description: "Inquiry id, as returned by GET /provider/studio/inquiries" }),
});

export function inquiryPaths() {
  return {
    "/public/studio/providers/{slug}/inquiries": {
      post: operation({
        operationId: "submitInquiry",
        tag: "public",
        summary: "Contact a provider",
        description: [
          "Stores an inquiry to a provider and emails its sender a confirmation link. The provider receives it only once the sender confirms their address (see the `verify` operation below).",
          "",
          "- An unknown, unapproved or unpublished provider is 404; a provider with `acceptingClients=false` is 409 `NOT_ACCEPTING_CLIENTS`.",
          `- At most ${INQUIRIES_PER_SENDER} inquiries per sender mailbox per ${INQUIRY_SENDER_WINDOW_HOURS} hours across providers, and ${INQUIRIES_PER_SENDER_AND_PROVIDER} per sender mailbox per provider (\`+tags\` count as their address, Gmail addresses also without dots), counted here per sender mailbox and client IP, so nobody elsewhere can use up a sender's allowance; ${UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR} per sender mailbox per hour from every client together; \`INQUIRY_IP_LIMIT\` per client IP per hour. The next is 429 with \`Retry-After\`, the same \`detail\` whichever limit refused. What a mailbox delivers is held to the same numbers across every client when it is confirmed (see \`verify\`).`,
          "- Unknown fields are ignored. When CAPTCHA is configured, `turnstileToken` is required and verified (400 `CAPTCHA_FAILED`): a token from a Turnstile widget with the action `inquiry`, solved on this site's host.",
          `- The confirmation link is valid for ${VERIFICATION_TTL_HOURS} hours. Body limit ${BODY_LIMIT_KB} KB; send \`Content-Type: application/json\`.`,
        ].join("\n"),
        requestParams: { path: slugParams },
        requestBody: jsonBody(inquirySubmissionDocumentSchema, {
          name: "Grace Hopper",
          email: "grace@example.com",
          company: "Compilers Inc",
          budget: "25k-100k",
          timeline: "1-3-months",
          message: "We need a team to rebuild our booking system this spring.",
        }),
        responses: { "201": ok("Accepted; the sender must confirm by email", inquiryAcceptedSchema, noStore) },
        errors: [...JSON_BODY_ERRORS, "NOT_FOUND", "NOT_ACCEPTING_CLIENTS", "CAPTCHA_FAILED", "RATE_LIMITED"],
      }),
    },
    "/public/studio/providers/inquiries/verify": {
      post: operation({
        operationId: "verifyInquiry",
        tag: "public",
        summary: "Confirm an inquiry's sender and deliver it",
        description: [
          "Confirms the sender's email with the token from the emailed link; no body. The inquiry becomes `NEW` for the provider, and each accepted OWNER and ADMIN is emailed, with the sender's address as `Reply-To`.",
          "",
          "- Idempotent: the same valid token again is 200 with the same body and changes nothing.",
          `- Missing, unknown or malformed token: 400 \`TOKEN_INVALID\`. Older than ${VERIFICATION_TTL_HOURS} hours: 410 \`TOKEN_EXPIRED\`.`,
          "- A provider no longer listed (unpublished or suspended since the inquiry was written) receives nothing: 404 `NOT_FOUND`, and the link works again should it be listed again within its lifetime. A provider that stopped accepting clients in between still receives the inquiry.",
          `- Delivery limits, exact under concurrency: ${INQUIRIES_PER_SENDER} deliveries per sender mailbox and ${INQUIRIES_PER_SENDER_AND_PROVIDER} per sender mailbox and provider per ${INQUIRY_SENDER_WINDOW_HOURS} hours, and ${INQUIRIES_DELIVERED_PER_PROVIDER_PER_DAY} per provider per 24 hours. A confirmation beyond one of them is 429 \`RATE_LIMITED\` with \`Retry-After\` (one \`detail\` for all three): nothing is delivered and nothing is lost; the inquiry stays unconfirmed and its link keeps working until ${VERIFICATION_TTL_HOURS} hours after the \`Retry-After\` time, so the same request then delivers it.`,
          "- The response carries `Referrer-Policy: no-referrer`.",
        ].join("\n"),
        requestParams: { query: inquiryVerifyQuerySchema },
        responses: { "200": ok("Delivered (now or before)", inquiryVerifyResultSchema, noStore) },
        errors: ["TOKEN_INVALID", "NOT_FOUND", "TOKEN_EXPIRED", "RATE_LIMITED"],
      }),
    },
    "/provider/studio/inquiries": {
      get: operation({
        operationId: "listInquiries",
        tag: "studio",
        apiKey: true,
        summary: "List inquiries",
        description: [
          "Lists the key's provider's delivered inquiries (confirmed by their senders), newest first. Every role may read.",
          "",
          "- `status` filters to one status; `page` and `limit` work as in the public list.",
          "- `firstResponseAt` is null until the inquiry first leaves `NEW`.",
          `- \`format=csv\` (OWNER and ADMIN keys only; a MEMBER key is 403): every matching inquiry, no paging, as a \`text/csv\` attachment with the columns of the export archive's inquiries file (RFC 4180, UTF-8 with BOM, formula cells prefixed with \`'\`). More than ${INQUIRIES_CSV_MAX_ROWS} rows is 413 \`EXPORT_TOO_LARGE\`: use \`POST /provider/studio/exports\`.`,
        ].join("\n"),
        requestParams: { query: inquiryListQuerySchema },
        responses: {
          "200": {
            ...ok("One page of inquiries", inquiryListSchema, privateNoStore),
            content: {
              "application/json": { schema: inquiryListSchema },
              "text/csv": { schema: { type: "string", description: "With format=csv: the inquiries as CSV" } },
            },
          },
        },
        errors: ["VALIDATION_FAILED", "FORBIDDEN", "EXPORT_TOO_LARGE"],
      }),
    },
    "/provider/studio/inquiries/{id}": {
      patch: operation({
        operationId: "changeInquiryStatus",
        tag: "studio",
        apiKey: true,
        summary: "Change an inquiry's status",
        description: [
          "Moves an inquiry to `REPLIED`, `ARCHIVED`, `SPAM` or back to `NEW`, and returns it. OWNER and ADMIN keys only (a MEMBER key is 403 `FORBIDDEN`).",
          "",
          "- The first move out of `NEW` sets `firstResponseAt`, which the provider's public responsiveness measures; going back to `NEW` keeps it. An inquiry marked `SPAM` leaves the responsiveness sample while it stays spam (the figures are recomputed in the same change).",
          "- Another provider's inquiry, an unconfirmed one or an unknown id is 404. Recorded in the activity log.",
        ].join("\n"),
        requestParams: { path: inquiryIdParams },
        requestBody: jsonBody(inquiryStatusChangeSchema, { status: "REPLIED" }),
        responses: { "200": ok("The inquiry", inquirySchema, privateNoStore) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "NOT_FOUND"],
      }),
    },
  } satisfies ApiPaths;
}
