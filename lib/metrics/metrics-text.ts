import { createHash, timingSafeEqual } from "node:crypto";
import client from "prom-client";
import { databaseKind, databasePoolUsage, databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { registerDatabaseGauges, registerPoolGauges } from "./database-gauges";
import { metrics } from "./registry";

/** How long a scrape waits for the database gauges before answering without them (db_up 0). */
export const DATABASE_GAUGES_TIMEOUT_MS = 3_000;

// The database gauges of each process registry: a registry of their own, read first, so that a
// database that fails or hangs costs the scrape only them.
const databaseRegistries = new WeakMap<client.Registry, client.Registry>();

function databaseRegistryFor(registry: client.Registry): client.Registry {
  let database = databaseRegistries.get(registry);
  if (!database) {
    database = new client.Registry();
    registerDatabaseGauges(database, { db: databaseReady, kind: databaseKind });
    registerPoolGauges(registry, databasePoolUsage);
    databaseRegistries.set(registry, database);
  }
  return database;
}

/**
 * The Prometheus text exposition of this process's metrics, database gauges read now. While the
 * database is down (or slower than DATABASE_GAUGES_TIMEOUT_MS) the process, HTTP, cache and pool
 * metrics are still answered, with `db_up 0` and no database gauges.
 */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const { registry, databaseUp } = metrics();
  let databaseText = "";
  try {
    databaseText = await within(DATABASE_GAUGES_TIMEOUT_MS, databaseRegistryFor(registry).metrics());
    databaseUp.set(1);
  } catch (error) {
    databaseUp.set(0);
    log.warn("metrics.database_unavailable", { error });
  }
  return { body: (await registry.metrics()) + databaseText, contentType: registry.contentType };
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database gauges took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
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
