// The OpenAPI 3.1 document of the whole API, generated from the zod schemas the route handlers
// validate with, so the document cannot drift from what the API accepts and returns.
import { z } from "zod";
import { createDocument, type oas31, type ZodOpenApiOperationObject } from "zod-openapi";
import { interestAcceptedSchema, interestApplicationSchema, verifyQuerySchema, verifyResultSchema } from "@/lib/applications/schemas";
import { SUBMISSIONS_PER_EMAIL } from "@/lib/applications/submit-interest-application";
import { VERIFICATION_TTL_HOURS } from "@/lib/applications/verification-token";
import { inviteMemberSchema, memberSchema } from "@/lib/members/schemas";
import {
  listingSchema,
  listingUpdateSchema,
  MAX_PAGE_SIZE,
  providerListQuerySchema,
  providerListSchema,
  publicProfileSchema,
} from "@/lib/providers/schemas";
import { API_KEY_DESCRIPTION, BODY_LIMIT_KB, infoDescription, INVITATION_LIMITS_RULE } from "./openapi-guide";
import {
  API_TAGS,
  cacheControl,
  corsHeader,
  etagHeader,
  JSON_BODY_ERRORS,
  jsonBody,
  ok,
  operation,
  SECURITY_SCHEME,
} from "./openapi-responses";
import { PUBLIC_READ_CACHE_CONTROL } from "./route";

export { API_TAGS, SECURITY_SCHEME } from "./openapi-responses";

const healthSchema = z.object({ status: z.literal("ok") }).meta({ id: "Health" });
const readySchema = z.object({ status: z.literal("ready") }).meta({ id: "Ready" });
const slugParams = z.object({
  slug: z.string().meta({ description: "The provider's slug", example: "northwind-studio" }),
});
const memberIdParams = z.object({
  id: z.string().meta({ description: "Member id, as returned by GET /provider/studio/members" }),
});

const publicRead = {
  "Cache-Control": cacheControl(PUBLIC_READ_CACHE_CONTROL),
  ETag: etagHeader,
  "Access-Control-Allow-Origin": corsHeader,
};
const privateNoStore = { "Cache-Control": cacheControl("private, no-store") };
const noStore = { "Cache-Control": cacheControl("no-store") };

const ROLE_RULES =
  "An OWNER key may do everything; an ADMIN key may do everything except invite or remove an OWNER (403 `FORBIDDEN`).";

function paths() {
  return {
    "/public/studio/providers": {
      get: operation({
        operationId: "listProviders",
        tag: "public",
        summary: "List published providers",
        description: [
          "Lists providers that are approved and published (`publicProfile=true`), as summaries.",
          "",
          "- Order: featured first, then `publishedAt` newest first, then `slug`; stable across pages.",
          `- \`limit\` above ${MAX_PAGE_SIZE} is clamped to ${MAX_PAGE_SIZE} and the response says \`limit: ${MAX_PAGE_SIZE}\`; non-integers, 0 and negatives are 400.`,
          "- A page past the end is 200 with `data: []` and the true `total`.",
          "- `specialty` is case-insensitive; `featured=false` and no `featured` both mean no featured filter.",
          "- Cacheable by shared caches (`s-maxage`), with an `ETag`; `If-None-Match` gives 304. CORS: any origin.",
        ].join("\n"),
        requestParams: { query: providerListQuerySchema },
        responses: {
          "200": ok("One page of providers", providerListSchema, publicRead),
          "304": { description: "Not modified: the `If-None-Match` ETag is current", headers: z.object({ ETag: etagHeader }) },
        },
        errors: ["VALIDATION_FAILED"],
      }),
    },
    "/public/studio/providers/{slug}": {
      get: operation({
        operationId: "getProvider",
        tag: "public",
        summary: "Get a provider's public profile",
        description: [
          "Returns one approved, published provider by slug. An absent, unapproved or unpublished provider is 404.",
          "",
          "A slug the provider had before an approved slug change answers `301` with a relative `Location: /api/public/studio/providers/<current slug>` while the provider is listed (otherwise 404).",
          "",
          "Cacheable by shared caches (`s-maxage`), with an `ETag`; `If-None-Match` gives 304. CORS: any origin.",
        ].join("\n"),
        requestParams: { path: slugParams },
        responses: {
          "200": ok("The provider's public profile", publicProfileSchema, publicRead),
          "301": {
            description: "Moved permanently: an old slug of a listed provider; follow `Location`",
            headers: z.object({
              Location: z.string().meta({ description: "The current address, e.g. /api/public/studio/providers/northwind-design" }),
            }),
          },
          "304": { description: "Not modified: the `If-None-Match` ETag is current", headers: z.object({ ETag: etagHeader }) },
        },
        errors: ["NOT_FOUND"],
      }),
    },
    "/public/studio/providers/interest": {
      post: operation({
        operationId: "submitInterest",
        tag: "public",
        summary: "Apply to join as a provider",
        description: [
          "Stores an interest application and sends a verification email with a link; the application goes to review once the email address is confirmed.",
          "",
          `- At most ${SUBMISSIONS_PER_EMAIL} submissions per mailbox per 24 hours (the next is 429; \`+tags\` count as their address, Gmail addresses also without dots), and \`INTEREST_IP_LIMIT\` per client IP per hour.`,
          "- Unknown fields are ignored. The answer is the same whether or not the email address is already known.",
          "- When CAPTCHA is configured, `turnstileToken` is required and verified (400 `CAPTCHA_FAILED`).",
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
        responses: { "201": ok("Accepted; check your email", interestAcceptedSchema, noStore) },
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
        responses: { "200": ok("Verified (now or before)", verifyResultSchema, noStore) },
        errors: ["TOKEN_INVALID", "TOKEN_EXPIRED"],
      }),
    },
    "/provider/studio/members": {
      get: operation({
        operationId: "listMembers",
        tag: "studio",
        apiKey: true,
        summary: "List team members",
        description:
          "Lists the active members of the key's provider organisation, pending and accepted, oldest first. Removed members are never returned.",
        responses: { "200": ok("Active members", z.array(memberSchema), privateNoStore) },
        errors: [],
      }),
      post: operation({
        operationId: "inviteMember",
        tag: "studio",
        apiKey: true,
        summary: "Invite a member",
        description: [
          "Invites an existing platform user to the team by email; the member starts as `PENDING` and an invitation email is queued.",
          "",
          `- ${ROLE_RULES}`,
          "- An email with no platform account is 422 `USER_NOT_FOUND`; an active member is 409 `ALREADY_MEMBER`.",
          "- A previously removed member may be invited again.",
          `- ${INVITATION_LIMITS_RULE} Beyond either limit: 429 \`RATE_LIMITED\` with \`Retry-After\`, and no email.`,
        ].join("\n"),
        requestBody: jsonBody(inviteMemberSchema, { email: "grace@example.com", role: "ADMIN" }),
        responses: { "201": ok("The new member", memberSchema, privateNoStore) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "ALREADY_MEMBER", "USER_NOT_FOUND", "RATE_LIMITED"],
      }),
    },
    "/provider/studio/members/{id}": {
      delete: operation({
        operationId: "removeMember",
        tag: "studio",
        apiKey: true,
        summary: "Remove a member",
        description: [
          "Removes a member (soft delete: `revokedAt` is set and the member is never returned again). Keys the member created stop working.",
          "",
          `- ${ROLE_RULES}`,
          "- An unknown id, another provider's member or an already removed member is 404.",
          "- Removing the last active OWNER is 409 `LAST_OWNER`.",
        ].join("\n"),
        requestParams: { path: memberIdParams },
        responses: { "204": ok("Removed; no body", undefined, privateNoStore) },
        errors: ["FORBIDDEN", "NOT_FOUND", "LAST_OWNER"],
      }),
    },
    "/provider/studio/listing": {
      get: operation({
        operationId: "getListing",
        tag: "studio",
        apiKey: true,
        summary: "Read the listing",
        description:
          "Returns the key's own listing in full, published or not (an extension of the interface: the same body the write endpoints return).",
        responses: { "200": ok("The listing", listingSchema, privateNoStore) },
        errors: [],
      }),
      patch: operation({
        operationId: "updateListing",
        tag: "studio",
        apiKey: true,
        summary: "Update the listing",
        description: [
          "Changes the key's own listing and returns it in full. Changes to a published listing are public at once.",
          "",
          "- Only the fields below are accepted; any other field (e.g. `name`, `slug`) is 400 `VALIDATION_FAILED` naming it. An empty object is 400.",
          "- URLs must be http or https; `null` clears one.",
        ].join("\n"),
        requestBody: jsonBody(listingUpdateSchema, { headline: "Product design for fintech", specialties: ["DESIGN"] }),
        responses: { "200": ok("The updated listing", listingSchema, privateNoStore) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN"],
      }),
    },
    "/provider/studio/listing/publish": {
      post: operation({
        operationId: "publishListing",
        tag: "studio",
        apiKey: true,
        summary: "Publish the listing",
        description:
          "Makes the listing public (`publicProfile=true`) and sets `publishedAt` to now on the false→true transition. Publishing a published listing changes nothing. No body needed.",
        responses: { "200": ok("The listing", listingSchema, privateNoStore) },
        errors: ["FORBIDDEN"],
      }),
    },
    "/provider/studio/listing/unpublish": {
      post: operation({
        operationId: "unpublishListing",
        tag: "studio",
        apiKey: true,
        summary: "Unpublish the listing",
        description:
          "Hides the listing (`publicProfile=false`): it leaves every public list and page at once. No body needed.",
        responses: { "200": ok("The listing", listingSchema, privateNoStore) },
        errors: ["FORBIDDEN"],
      }),
    },
    "/health": {
      get: operation({
        operationId: "health",
        tag: "operations",
        summary: "Liveness",
        description: "200 while the process is up. Does not touch the database. For load balancers.",
        responses: { "200": ok("Process is up", healthSchema, noStore) },
        errors: [],
        serverErrors: false,
      }),
    },
    "/ready": {
      get: operation({
        operationId: "ready",
        tag: "operations",
        summary: "Readiness",
        description: "200 when the database answers `select 1`, else 503 `SERVICE_UNAVAILABLE`. For load balancers.",
        responses: { "200": ok("Database reachable", readySchema, noStore) },
        errors: ["SERVICE_UNAVAILABLE"],
        serverErrors: false,
      }),
    },
    "/openapi.json": {
      get: operation({
        operationId: "openapiDocument",
        tag: "operations",
        summary: "This OpenAPI document",
        description: "The OpenAPI 3.1 document of the whole API, generated from the schemas the API validates with. CORS: any origin.",
        responses: {
          "200": ok("The OpenAPI document", { type: "object", description: "OpenAPI 3.1 document" }, {
            "Cache-Control": cacheControl("public, max-age=300"),
            "Access-Control-Allow-Origin": corsHeader,
          }),
        },
        errors: [],
        serverErrors: false,
      }),
    },
  } satisfies Record<string, Record<string, ZodOpenApiOperationObject>>;
}

// zod renders .int() with the safe-integer range as bounds; they say nothing to a reader.
function dropSafeIntegerBounds({ jsonSchema }: { jsonSchema: { minimum?: unknown; maximum?: unknown } }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

let cached: oas31.OpenAPIObject | undefined;

/** The document, built once per process. Treat it as read-only: it is shared. */
export function buildOpenApiDocument(): oas31.OpenAPIObject {
  cached ??= createDocument(
    {
      openapi: "3.1.1",
      info: { title: "Provider Registry API", version: "1.0.0", description: infoDescription() },
      servers: [{ url: "/api", description: "This deployment; the base address is <origin>/api" }],
      tags: [
        { name: API_TAGS.public, description: "No authentication. Provider directory and interest applications." },
        { name: API_TAGS.studio, description: "Provider API key. The key's own team and listing." },
        { name: API_TAGS.operations, description: "Health checks and this document." },
      ],
      paths: paths(),
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: { type: "http", scheme: "bearer", bearerFormat: "prk_ API key", description: API_KEY_DESCRIPTION },
        },
      },
    },
    { override: dropSafeIntegerBounds },
  );
  return cached;
}
