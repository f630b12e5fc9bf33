import { analyticsCsv, getProviderAnalytics } from "@/lib/analytics/get-provider-analytics";
import { analyticsRangeQuerySchema } from "@/lib/analytics/schemas";
import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";

// Every role reads its own provider's counts; the key decides which provider.
export const GET = apiRoute({ auth: "apiKey", query: analyticsRangeQuerySchema }, async ({ db, principal, query, request }) => {
  const report = await getProviderAnalytics(db, { providerId: principal.providerId, query });
  if (/\btext\/csv\b/i.test(request.headers.get("accept") ?? "")) {
    return new Response(analyticsCsv(report), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8; header=present",
        "Content-Disposition": `attachment; filename="analytics-${report.from}-${report.to}.csv"`,
      },
    });
  }
  return json(report);
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
