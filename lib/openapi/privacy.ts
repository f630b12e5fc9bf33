// The visitor privacy requests' share of the OpenAPI document (extensions §9; lib/openapi/document.ts
// assembles the whole), described with the schemas the handlers validate with.
import { BODY_LIMIT_KB } from "@/lib/openapi/guide";
import { JSON_BODY_ERRORS, jsonBody, NO_STORE_HEADERS, ok, operation, type ApiPaths } from "@/lib/openapi/responses";
import {
  PRIVACY_CONFIRM_TTL_HOURS,
  PRIVACY_DOWNLOAD_TTL_DAYS,
  PRIVACY_MAILBOX_WINDOW_HOURS,
  PRIVACY_REQUESTS_PER_MAILBOX,
} from "@/lib/privacy/privacy-rules";
import {
  privacyConfirmQuerySchema,
  privacyConfirmResultSchema,
  privacyRequestAcceptedSchema,
  privacyRequestSubmissionSchema,
} from "@/lib/privacy/schemas";

export function privacyPaths() {
  return {
    "/public/studio/privacy-requests": {
      post: operation({
        operationId: "requestPrivacyAction",
        tag: "public",
        summary: "Ask for a copy of one's data, or its erasure",
        description: [
          `Emails the address a confirmation link (valid ${PRIVACY_CONFIRM_TTL_HOURS} hours); nothing happens until it is confirmed (see \`confirm\`). The request covers every spelling of the mailbox: \`+tags\`, and Gmail addresses with or without dots.`,
          "",
          "- `ACCESS`: once confirmed, the address is emailed a one-time link (valid " + `${PRIVACY_DOWNLOAD_TTL_DAYS} days) to a JSON file of the inquiries it sent (with the provider's name, texts, status and dates), the reviews it wrote, its interest applications, the listing and review reports that gave it, and its past privacy requests.`,
          "- `ERASE`: once confirmed, the inquiries' name, email, company, message and IP are erased (status and dates stay, so a provider's response time does not change; unconfirmed inquiries are deleted); reviews are withdrawn with their texts and names erased; undecided applications are deleted and decided ones keep only their stage and decision; the address is erased from reports, emails and the activity log. Each provider that held an inquiry is told its id. Studio accounts are not erased this way.",
          "- The answer is 202 with the same bytes whether or not anything is held for the address.",
          `- Limits: ${PRIVACY_REQUESTS_PER_MAILBOX} requests per mailbox per ${PRIVACY_MAILBOX_WINDOW_HOURS} hours, \`PRIVACY_IP_LIMIT\` per client IP per hour (429 with \`Retry-After\`, the same \`detail\` whichever limit refused).`,
          "- When CAPTCHA is configured, `turnstileToken` is required and verified (400 `CAPTCHA_FAILED`): a token from a Turnstile widget with the action `privacy`, solved on this site's host.",
          `- Unknown fields are ignored. Body limit ${BODY_LIMIT_KB} KB; send \`Content-Type: application/json\`.`,
        ].join("\n"),
        requestBody: jsonBody(privacyRequestSubmissionSchema, { email: "ada@example.com", kind: "ACCESS" }),
        responses: { "202": ok("Accepted; the address must confirm by email", privacyRequestAcceptedSchema, NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "CAPTCHA_FAILED", "RATE_LIMITED"],
      }),
    },
    "/public/studio/privacy-requests/confirm": {
      post: operation({
        operationId: "confirmPrivacyRequest",
        tag: "public",
        summary: "Confirm a privacy request and carry it out",
        description: [
          "Confirms the request with the token from the emailed link; no body. `ACCESS` emails the download link; `ERASE` erases, in one transaction.",
          "",
          "- Idempotent: the same valid token again is 200 with the same body and changes nothing; two confirmations at once carry the request out once.",
          `- Missing, unknown or malformed token: 400 \`TOKEN_INVALID\`. Older than ${PRIVACY_CONFIRM_TTL_HOURS} hours and not confirmed: 410 \`TOKEN_EXPIRED\`.`,
          "- The response carries `Referrer-Policy: no-referrer`.",
        ].join("\n"),
        requestParams: { query: privacyConfirmQuerySchema },
        responses: { "200": ok("Carried out (now or before)", privacyConfirmResultSchema, NO_STORE_HEADERS) },
        errors: ["TOKEN_INVALID", "TOKEN_EXPIRED"],
      }),
    },
  } satisfies ApiPaths;
}
