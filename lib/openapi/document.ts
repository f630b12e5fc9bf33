// The OpenAPI 3.1 document of the whole API, generated from the zod schemas the route handlers
// validate with, so the document cannot drift from what the API accepts and returns. Each domain
// describes its own endpoints next to its schemas (lib/<capability>/openapi.ts); this file adds the
// operational endpoints and assembles the document. A route file under app/api that the document
// does not describe fails the route registry test (test/reliability/api-route-registry.ts).
import { z } from "zod";
import { createDocument, type oas31 } from "zod-openapi";
import { analyticsPaths } from "@/lib/openapi/analytics";
import { applicationPaths } from "@/lib/openapi/applications";
import { inquiryPaths } from "@/lib/openapi/inquiries";
import { privacyPaths } from "@/lib/openapi/privacy";
import { providerExportPaths } from "@/lib/openapi/provider-exports";
import { reportPaths } from "@/lib/openapi/reports";
import { reviewProviderPaths } from "@/lib/openapi/reviews-provider";
import { reviewWritingPaths } from "@/lib/openapi/reviews-writing";
import { reviewInvitationPaths } from "@/lib/openapi/reviews-invitations";
import { memberPaths } from "@/lib/openapi/members";
import { directoryPaths, listingPaths } from "@/lib/openapi/providers";
import { publicReviewPaths } from "@/lib/openapi/reviews-public";
import { webhookPaths } from "@/lib/openapi/webhooks";
import { API_KEY_DESCRIPTION, infoDescription } from "./guide";
import { API_TAGS, cacheControl, corsHeader, NO_STORE_HEADERS, ok, operation, SECURITY_SCHEME, type ApiPaths } from "./responses";

export { API_TAGS, SECURITY_SCHEME } from "./responses";

const healthSchema = z.object({ status: z.literal("ok") }).meta({ id: "Health" });
const readySchema = z.object({ status: z.literal("ready") }).meta({ id: "Ready" });

/** Liveness, readiness and this document. */
function operationsPaths() {
  return {
  "/health": {
    get: operation({
      operationId: "health",
      tag: "operations",
      summary: "Liveness",
      description: "200 while the process is up. Does not touch the database. For load balancers.",
      responses: { "200": ok("Process is up", healthSchema, NO_STORE_HEADERS) },
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
      responses: { "200": ok("Database reachable", readySchema, NO_STORE_HEADERS) },
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
  } satisfies ApiPaths;
}

/** Every path, in the order the document lists them. */
function paths() {
  return {
    ...directoryPaths(),
    ...applicationPaths(),
    ...inquiryPaths(),
    ...reportPaths(),
    ...reviewInvitationPaths(),
    ...reviewWritingPaths(),
    ...publicReviewPaths(),
    ...privacyPaths(),
    ...reviewProviderPaths(),
    ...memberPaths(),
    ...providerExportPaths(),
    ...webhookPaths(),
    ...listingPaths(),
    ...analyticsPaths(),
    ...operationsPaths(),
  };
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
        { name: API_TAGS.public, description: "No authentication. Provider directory, interest applications and inquiries." },
        { name: API_TAGS.studio, description: "Provider API key. The key's own team, listing and inquiries." },
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
