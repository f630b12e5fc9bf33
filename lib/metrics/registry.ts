import client from "prom-client";
import { processSingleton } from "@/lib/config/process-singletons";

// The process's Prometheus metrics (served by GET /api/metrics). One registry per process, a process
// singleton: instrumentation.ts and each route are bundled separately and must count into the same one.
// Gauges that need the database (outbox, connections) are collected at scrape time, in a registry of
// their own (database-gauges.ts, metrics-text.ts); `db_up` here says whether they could be.

export interface Metrics {
  registry: client.Registry;
  httpRequests: client.Counter<"method" | "route" | "status">;
  httpDuration: client.Histogram<"method" | "route">;
  cacheLookups: client.Counter<"cache" | "result">;
  listingCacheLookups: client.Counter<"cache" | "result">;
  rateLimitRefusals: client.Counter<"scope">;
  databaseUp: client.Gauge;
}

const slot = processSingleton<Metrics>("metrics");

export function metrics(): Metrics {
  return slot.getOrCreate(createMetrics);
}

/** The page cache (plain CommonJS, loaded by Next.js outside the bundle) reports its lookups here. */
const PAGE_CACHE_LOOKUP_HOOK = Symbol.for("provider-registry.page-cache-lookup");

function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const created: Metrics = {
    registry,
    httpRequests: new client.Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by route pattern, method and status (status 0: the client went away first)",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    httpDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time from the request's arrival at the server to the end of its answer",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    cacheLookups: new client.Counter({
      name: "page_cache_lookups_total",
      help: "Page cache lookups (lib/listing-cache/page-cache-handler.cjs): cache is listing (directory and profile pages) or pages (the rest)",
      labelNames: ["cache", "result"],
      registers: [registry],
    }),
    listingCacheLookups: new client.Counter({ name: "listing_cache_lookups_total", help: "In-memory listing cache lookups (lib/listing-cache/stamped-cache.ts): cache is pages, profiles, totals or fences", labelNames: ["cache", "result"], registers: [registry] }),
    rateLimitRefusals: new client.Counter({
      name: "rate_limit_refusals_total",
      help: "Requests refused by a rate limit, by its scope",
      labelNames: ["scope"],
      registers: [registry],
    }),
    databaseUp: new client.Gauge({
      name: "db_up",
      help: "1 when this scrape read the database gauges (outbox, db_connections), 0 when the database failed or did not answer in time (they are absent then)",
      registers: [registry],
    }),
  };
  (globalThis as Record<symbol, unknown>)[PAGE_CACHE_LOOKUP_HOOK] = (cache: string, result: string) =>
    created.cacheLookups.inc({ cache, result });
  return created;
}
