// The provider export endpoints' share of the OpenAPI document (extensions §9; lib/openapi/document.ts
// assembles the whole), described with the schemas the handlers validate with.
import { z } from "zod";
import {
  EXPORT_AUDIT_MONTHS,
  EXPORT_COOLDOWN_HOURS,
  EXPORT_LIFETIME_DAYS,
  EXPORT_MAX_BYTES,
  EXPORT_SCHEMA_VERSION,
} from "@/lib/provider-exports/export-rules";
import {
  providerExportAcceptedSchema,
  providerExportListSchema,
  providerExportRequestSchema,
  providerExportViewSchema,
} from "@/lib/provider-exports/schemas";
import { headers, JSON_BODY_ERRORS, jsonBody, ok, operation, PRIVATE_NO_STORE_HEADERS, type ApiPaths } from "@/lib/openapi/responses";

const exportIdParams = z.object({
  id: z.string().meta({ description: "Export id, as returned by POST /provider/studio/exports" }),
});

const ROLE_RULE = "OWNER and ADMIN keys only, reads included (a MEMBER key is 403 `FORBIDDEN`): an export holds every inquiry's address.";

export function providerExportPaths() {
  return {
    "/provider/studio/exports": {
      get: operation({
        operationId: "listProviderExports",
        tag: "studio",
        apiKey: true,
        summary: "List exports",
        description: `The key's provider's latest 20 exports, newest first. ${ROLE_RULE}`,
        responses: { "200": ok("The exports", providerExportListSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: ["FORBIDDEN"],
      }),
      post: operation({
        operationId: "requestProviderExport",
        tag: "studio",
        apiKey: true,
        summary: "Request a data export",
        description: [
          `Starts a zip of the provider's data, built by a background job within minutes; poll \`GET /provider/studio/exports/{id}\`. ${ROLE_RULE}`,
          "",
          `- The zip holds \`README.txt\` (schema version ${EXPORT_SCHEMA_VERSION}, the file list), \`listing.json\`, and \`members\`, \`inquiries\` (delivered ones with the sender's details; erased ones marked \`erased\`), \`reviews\` (published, as the public sees them, with replies), \`analytics_daily\`, \`audit_events\` (${EXPORT_AUDIT_MONTHS} months), \`webhooks\` (configuration, never secrets) and \`reports\`, each as \`.json\` or \`.csv\` per \`format\`.`,
          "- CSV: RFC 4180, UTF-8 with BOM; a cell starting with `=`, `+`, `-`, `@`, TAB or CR is prefixed with `'`. JSON holds the same rows with the same keys.",
          `- One export per ${EXPORT_COOLDOWN_HOURS} hours: a second while one is \`PENDING\` or was made \`READY\` in the last ${EXPORT_COOLDOWN_HOURS} hours is 429 with \`Retry-After\`; a \`FAILED\` one does not count. Exact under concurrency.`,
          `- An archive larger than ${EXPORT_MAX_BYTES / 1024 / 1024} MB is not stored: the export ends \`FAILED\` (\`EXPORT_TOO_LARGE\`).`,
          "- When ready, the person who asked (for an API key: the provider's owners and admins) gets an email linking to the studio's export page, never to the file.",
        ].join("\n"),
        requestBody: jsonBody(providerExportRequestSchema, { format: "csv" }),
        responses: { "202": ok("Accepted; the job builds it", providerExportAcceptedSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "RATE_LIMITED"],
      }),
    },
    "/provider/studio/exports/{id}": {
      get: operation({
        operationId: "getProviderExport",
        tag: "studio",
        apiKey: true,
        summary: "An export's status",
        description: `\`PENDING\` until the job builds it, then \`READY\` (downloadable until \`expiresAt\`, ${EXPORT_LIFETIME_DAYS} days) or \`FAILED\`; \`EXPIRED\` once the file is deleted. Another provider's export or an unknown id is 404. ${ROLE_RULE}`,
        requestParams: { path: exportIdParams },
        responses: { "200": ok("The export", providerExportViewSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: ["FORBIDDEN", "NOT_FOUND"],
      }),
    },
    "/provider/studio/exports/{id}/download": {
      get: operation({
        operationId: "downloadProviderExport",
        tag: "studio",
        apiKey: true,
        summary: "Download an export",
        description: `The zip of a \`READY\` export as an attachment. ${EXPORT_LIFETIME_DAYS} days after it was made it is 410 \`EXPORT_EXPIRED\`; before it is ready (or when it failed) 409 \`CONFLICT\`; another provider's export 404. ${ROLE_RULE}`,
        requestParams: { path: exportIdParams },
        responses: {
          "200": {
            description: "The zip",
            headers: headers({ "Cache-Control": PRIVATE_NO_STORE_HEADERS["Cache-Control"] }),
            content: { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } },
          },
        },
        errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "EXPORT_EXPIRED"],
      }),
    },
  } satisfies ApiPaths;
}
