// State there must be exactly one of per server process, in one place. Next.js bundles
// instrumentation.ts and each route separately (and `next dev` reloads modules), so a module-level
// `let` would exist once per bundle: every such value lives in one registry on globalThis instead,
// under a name listed below. Free of Node.js imports, so any bundle (and /api/ready) can read it.
//
// The page-cache handler is the one exception: Next.js loads it as plain CommonJS outside the bundles,
// so the hooks it shares with the app stay on their own `Symbol.for` keys (lib/listing-cache/).

/** Every process singleton there is; a new one is added here, so this list says what a process holds. */
export const PROCESS_SINGLETONS = [
  /** The database handle and its readiness (db/index.ts). */
  "database",
  /** The AsyncLocalStorage that carries each request's id (lib/config/request-context.ts). */
  "request-context",
  /** The Prometheus registry (lib/metrics/registry.ts). */
  "metrics",
  /** Whether the process is draining for shutdown (lib/http/draining.ts). */
  "draining",
  /** The HTTP servers seen, for keep-alive settings and shutdown (lib/http/server-hooks.ts). */
  "http-servers",
  /** The layers of the one patch of Node's HTTP server (lib/http/server-patch.ts). */
  "http-server-patch",
  /** The secret that proves a peer-address header was written by this process (lib/http/peer-address.ts). */
  "peer-address-secret",
  /** The background jobs running in this process, by name (lib/runtime/background-job.ts). */
  "background-jobs",
  /** The beacon's counts waiting for the next flush (lib/analytics/counters.ts). */
  "analytics-counters",
  /** The day salts read and the per-visitor event limits (lib/analytics/visitor-limits.ts). */
  "analytics-visitors",
] as const;

export type ProcessSingletonName = (typeof PROCESS_SINGLETONS)[number];

const REGISTRY = Symbol.for("provider-registry.process-singletons");

function registry(): Map<ProcessSingletonName, unknown> {
  const holder = globalThis as Record<symbol, unknown>;
  let map = holder[REGISTRY] as Map<ProcessSingletonName, unknown> | undefined;
  if (!map) {
    map = new Map();
    holder[REGISTRY] = map;
  }
  return map;
}

/** One slot of the registry: read it, make it on first use, replace or clear it. */
export interface ProcessSlot<T> {
  get(): T | undefined;
  getOrCreate(create: () => T): T;
  set(value: T | undefined): void;
}

export function processSingleton<T>(name: ProcessSingletonName): ProcessSlot<T> {
  return {
    get: () => registry().get(name) as T | undefined,
    getOrCreate(create) {
      const map = registry();
      if (!map.has(name)) map.set(name, create());
      return map.get(name) as T;
    },
    set(value) {
      if (value === undefined) registry().delete(name);
      else registry().set(name, value);
    },
  };
}
