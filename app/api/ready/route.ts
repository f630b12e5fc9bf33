import { sql } from "drizzle-orm";
import { databaseReady, databaseSchemaStatus, type SchemaStatus } from "@/db";
import { BUILD_MIGRATION } from "@/db/schema-version";
import { problemResponse } from "@/lib/http/problem";
import { requestIdFor } from "@/lib/http/request";
import { json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/config/log";
import { isDraining } from "@/lib/http/draining";

// Ready means: not shutting down, the database answers, and its schema is at this build's latest
// migration (docs/operations.md "Health, readiness and shutdown"). Not wrapped in apiRoute: any
// failure here, whatever its error code, means "not ready" (503), where apiRoute would report an
// unrecognised failure as a 500.

const SCHEMA_NOT_CURRENT: Record<Exclude<SchemaStatus["state"], "current">, string> = {
  empty: "The database has no schema yet: apply this build's migrations.",
  behind: "The database schema is older than this build: apply this build's migrations.",
  unreadable: "The database role may not read the migration history, so the schema cannot be checked against this build.",
};

function notReady(detail: string, requestId: string): Response {
  const problem = new AppError("SERVICE_UNAVAILABLE", detail, { headers: { "Retry-After": "5" } });
  return problemResponse(problem, requestId, { "Cache-Control": "no-store" });
}

export async function GET(request: Request): Promise<Response> {
  const requestId = requestIdFor(request);
  // Shutting down (SIGTERM): not ready, at once, while requests in flight finish (lib/http/draining.ts).
  if (isDraining()) return notReady("The server is shutting down.", requestId);
  let schema: SchemaStatus;
  try {
    const db = await databaseReady();
    await db.execute(sql`select 1`);
    // Read until the schema is first seen current, then remembered: afterwards a probe is the select above.
    schema = await databaseSchemaStatus();
  } catch (error) {
    log.warn("ready.database_unreachable", { requestId, error });
    return notReady("The database is not reachable.", requestId);
  }
  if (schema.state !== "current") {
    log.warn("ready.schema_not_current", { requestId, ...schema, buildMigration: BUILD_MIGRATION.tag });
    return notReady(SCHEMA_NOT_CURRENT[schema.state], requestId);
  }
  return json({ status: "ready" }, { headers: { "Cache-Control": "no-store", "X-Request-Id": requestId } });
}

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
