// The interest application endpoints' share of the OpenAPI document (lib/openapi/document.ts assembles
// the whole), described with the schemas the handlers validate with.
import { BODY_LIMIT_KB } from "@/lib/openapi/guide";
import { JSON_BODY_ERRORS, jsonBody, NO_STORE_HEADERS, ok, operation, type ApiPaths } from "@/lib/openapi/responses";
import { interestAcceptedSchema, interestApplicationSchema, verifyQuerySchema, verifyResultSchema } from "@/lib/applications/schemas";
import { SUBMISSIONS_PER_EMAIL } from "@/lib/applications/submit-interest-application";
import { VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";
import { SUBMISSION_WINDOW_HOURS } from "@/lib/tokens/verification-rules";

/** Apply to join, and confirm the email address. */
export function applicationPaths() {
  return {
  "/public/studio/providers/interest": {
    post: operation({
      operationId: "submitInterest",
      tag: "public",
      summary: "Apply to join as a provider",
      description: [
        "Stores an interest application and sends a verification email with a link; the application goes to review once the email address is confirmed.",
        "",
        `- At most ${SUBMISSIONS_PER_EMAIL} submissions per mailbox per ${SUBMISSION_WINDOW_HOURS} hours (the next is 429; \`+tags\` count as their address, Gmail addresses also without dots), and \`INTEREST_IP_LIMIT\` per client IP per hour.`,
        "- Unknown fields are ignored. The answer is the same whether or not the email address is already known.",
        "- When CAPTCHA is configured, `turnstileToken` is required and verified (400 `CAPTCHA_FAILED`): a token from a Turnstile widget with the action `apply`, solved on this site's host.",
        `- Body limit ${BODY_LIMIT_KB} KB; send \`Content-Type: application/json\`.`,
      ].join("\n"),
      requestBody: jsonBody(interestApplicationSchema, {
        fullName: "Ada Lovelace",
        email: "ada@example.com",
        companyName: "Analytical Studio",
        specialties: ["DEVELOPMENT", "DATA"],
        description: "We build data-heavy web applications for research teams.",
        portfolioLinks: ["https://example.com/work"],
      }),
      responses: { "201": ok("Accepted; check your email", interestAcceptedSchema, NO_STORE_HEADERS) },
      errors: [...JSON_BODY_ERRORS, "CAPTCHA_FAILED", "RATE_LIMITED"],
    }),
  },
  "/public/studio/providers/verify": {
    post: operation({
      operationId: "verifyInterest",
      tag: "public",
      summary: "Confirm an applicant's email address",
      description: [
        "Confirms the email address of an interest application with the token from the emailed link; no body. The application moves into the admin review queue.",
        "",
        "- Idempotent: verifying the same valid token again is 200 with the same body and changes nothing.",
        `- Missing, unknown or malformed token: 400 \`TOKEN_INVALID\`. Older than ${VERIFICATION_TTL_HOURS} hours: 410 \`TOKEN_EXPIRED\` (apply again).`,
        "- The response carries `Referrer-Policy: no-referrer`; tokens never appear in logs.",
      ].join("\n"),
      requestParams: { query: verifyQuerySchema },
      responses: { "200": ok("Verified (now or before)", verifyResultSchema, NO_STORE_HEADERS) },
      errors: ["TOKEN_INVALID", "TOKEN_EXPIRED"],
    }),
  },
  } satisfies ApiPaths;
}
