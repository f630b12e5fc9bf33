import { createHash, timingSafeEqual } from "node:crypto";
import { databaseKind, databasePoolUsage, databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { registerDatabaseGauges } from "./database-gauges";
import { metrics } from "./registry";

const withDatabaseGauges = new WeakSet<object>();

/** The Prometheus text exposition of this process's metrics, database gauges read now. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  if (!withDatabaseGauges.has(registry)) {
    withDatabaseGauges.add(registry);
    registerDatabaseGauges(registry, { db: databaseReady, kind: databaseKind, poolUsage: databasePoolUsage });
  }
  return { body: await registry.metrics(), contentType: registry.contentType };
}

/**
 * Whether a request may read the metrics: only with `Authorization: Bearer <METRICS_TOKEN>`; none
 * may when METRICS_TOKEN is unset. Compared as digests in constant time.
 */
export function metricsAccess(authorization: string | null): "allowed" | "no-token-configured" | "refused" {
  const token = env().METRICS_TOKEN;
  if (!token) return "no-token-configured";
  const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim() ?? "";
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(token)) ? "allowed" : "refused";
}
