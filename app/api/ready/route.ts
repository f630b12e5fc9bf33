import { sql } from "drizzle-orm";
import { databaseReady } from "@/db";
import { problemResponse } from "@/lib/api/problem";
import { requestIdFor } from "@/lib/api/request";
import { json, methodsNotAllowed } from "@/lib/api/route";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/config/log";
import { isDraining } from "@/lib/http/draining";

// Not wrapped in apiRoute: any failure here, whatever its error code, means "not ready" (503),
// where apiRoute would report an unrecognised failure as a 500.
export async function GET(request: Request): Promise<Response> {
  const requestId = requestIdFor(request);
  // Shutting down (SIGTERM): not ready, at once, while requests in flight finish (lib/http/draining.ts).
  if (isDraining()) {
    const problem = new AppError("SERVICE_UNAVAILABLE", "The server is shutting down.", { headers: { "Retry-After": "5" } });
    return problemResponse(problem, requestId, { "Cache-Control": "no-store" });
  }
  try {
    const db = await databaseReady();
    await db.execute(sql`select 1`);
  } catch (error) {
    log.warn("ready.database_unreachable", { requestId, error });
    const problem = new AppError("SERVICE_UNAVAILABLE", "The database is not reachable.", {
      headers: { "Retry-After": "5" },
    });
    return problemResponse(problem, requestId, { "Cache-Control": "no-store" });
  }
  return json({ status: "ready" }, { headers: { "Cache-Control": "no-store", "X-Request-Id": requestId } });
}

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
