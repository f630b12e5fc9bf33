// The analytics endpoints' share of the OpenAPI document (extensions §7; lib/openapi/document.ts
// assembles the whole), described with the schemas the handlers validate with.
import { ANALYTICS_MAX_RANGE_DAYS, ANALYTICS_RETENTION_MONTHS } from "@/lib/analytics/get-provider-analytics";
import { analyticsRangeQuerySchema, analyticsReportSchema, beaconEventSchema } from "@/lib/analytics/schemas";
import { VISITOR_EVENTS_PER_DAY, VISITOR_EVENTS_PER_MINUTE } from "@/lib/analytics/visitor-limits";
import { BEACON_BODY_LIMIT_BYTES } from "@/lib/http/body-limits";
import { JSON_BODY_ERRORS, jsonBody, NO_STORE_HEADERS, ok, operation, PRIVATE_NO_STORE_HEADERS, type ApiPaths } from "@/lib/openapi/responses";

export function analyticsPaths() {
  const report = ok("The period's counts", analyticsReportSchema, PRIVATE_NO_STORE_HEADERS);
  return {
    "/public/studio/events": {
      post: operation({
        operationId: "recordAnalyticsEvent",
        tag: "public",
        summary: "Analytics beacon (for the registry's own pages)",
        description: [
          "**For the registry's own pages**, which send it as visitors browse; not for other clients. Counts one event for the provider studio's analytics: a search page's listed providers, a profile view, a click on a provider's website, an opened contact form.",
          "",
          "- Every well-formed event is answered 204 with no body, whether it was counted or not.",
          "- Not counted: a request whose `Sec-Fetch-Site` is not `same-origin`, a bot's user agent, a prefetch (`Sec-Purpose` or `Purpose`), a provider the public cannot see, a signed-in member of that provider, and a visitor's events past " +
            `${VISITOR_EVENTS_PER_MINUTE} a minute or ${VISITOR_EVENTS_PER_DAY} a day.`,
          "- No cookie is read or set but the studio's own session, to leave a member's views out. A visitor is recognised for one UTC day by a keyed hash of their network (/24 or /48), browser family and major version and languages; the day's key is deleted after 2 days.",
          `- Body limit ${BEACON_BODY_LIMIT_BYTES / 1024} KB; send \`Content-Type: application/json\`.`,
        ].join("\n"),
        requestBody: jsonBody(beaconEventSchema, { type: "profile_view", slug: "northwind-studio" }),
        responses: { "204": ok("Received (counted or not)", undefined, NO_STORE_HEADERS) },
        errors: JSON_BODY_ERRORS,
      }),
    },
    "/provider/studio/analytics": {
      get: operation({
        operationId: "getProviderAnalytics",
        tag: "studio",
        apiKey: true,
        summary: "Daily counts of the listing's visits and inquiries",
        description: [
          "The key's provider's counts per UTC day, every day of the period present (zeros included); today's are `partial`. Every role may read.",
          "",
          "- Default period: the last 30 days ending today. At most " +
            `${ANALYTICS_MAX_RANGE_DAYS} days; \`from\` no older than ${ANALYTICS_RETENTION_MONTHS} months (counts are kept that long); \`to\` not before \`from\` (else 400 \`VALIDATION_FAILED\`).`,
          "- `uniqueVisitors` counts a visitor once per day; `totals.visitorDays` is their sum over the period (one visitor on two days counts twice).",
          "- Views, clicks and opens reach the counts within about 10 seconds; inquiries at once. Bots and the team's own visits are not counted.",
          "- `funnel` rates are `null` when their denominator is 0; `previousPeriod` covers the same number of days just before `from`.",
          "- With `Accept: text/csv` the days come as CSV (RFC 4180), one row per day with a header row.",
        ].join("\n"),
        requestParams: { query: analyticsRangeQuerySchema },
        responses: {
          "200": { ...report, content: { ...report.content, "text/csv": { schema: { type: "string", description: "One row per day: date, the eight counts, partial" } } } },
        },
        errors: ["VALIDATION_FAILED"],
      }),
    },
  } satisfies ApiPaths;
}
