import { problemResponse } from "@/lib/http/problem";
import { requestIdFor } from "@/lib/http/request";
import { methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/config/log";
import { metricsAccess, metricsText } from "@/lib/metrics/metrics-text";

// Prometheus scrape target (docs/operations.md lists the series). Behind METRICS_TOKEN; without one
// configured there is nothing here (404), as for the mailbox.
export async function GET(request: Request): Promise<Response> {
  const requestId = requestIdFor(request);
  const access = metricsAccess(request.headers.get("authorization"));
  if (access === "no-token-configured") {
    return problemResponse(new AppError("NOT_FOUND", "Nothing is served at this address."), requestId, { "Cache-Control": "no-store" });
  }
  if (access === "refused") {
    const problem = new AppError("UNAUTHENTICATED", "Send Authorization: Bearer <METRICS_TOKEN>.", {
      headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
    });
    return problemResponse(problem, requestId, { "Cache-Control": "no-store" });
  }
  try {
    const { body, contentType } = await metricsText();
    return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store", "X-Request-Id": requestId } });
  } catch (error) {
    // Not the database: its gauges are left out while it is down (db_up 0, lib/metrics/metrics-text.ts).
    log.error("metrics.collect_failed", { requestId, error });
    const problem = new AppError("SERVICE_UNAVAILABLE", "The metrics could not be read.", { headers: { "Retry-After": "5" } });
    return problemResponse(problem, requestId, { "Cache-Control": "no-store" });
  }
}

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
