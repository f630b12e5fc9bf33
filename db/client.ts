import path from "node:path";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { migratePostgres } from "./postgres-migrate";
import { cancellingStatementsAfter, preparingStatements } from "./postgres-statements";
import * as schema from "./schema";
import { tracedPgliteClient, tracedPostgresClient } from "./statement-spans";

export type Schema = typeof schema;
/** A database or a transaction: every domain function takes one of these. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Db;
  /** What this process asks of its connections right now (the db_pool_* metrics). */
  poolUsage?(): PoolUsage;
  close(): Promise<void>;
  migrate(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (loadable with `pgliteLoadDataDir`). */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * The rows of a raw `db.execute(sql…)`, on either driver: postgres-js answers an array of rows,
 * PGlite an object with `rows`.
 */
export async function executeRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error("executeRows: the driver answered neither rows nor { rows }");
  return rows as T[];
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

export interface DatabaseOptions {
  /** Postgres connection string; without it the embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory, or "memory://" for a throwaway database. */
  pgliteDataDir?: string;
  /** A PGlite data directory dump to start from (tests: an already migrated database, skipping initdb). */
  pgliteLoadDataDir?: Blob;
  poolMax?: number;
  /** Postgres: the server cancels a statement running longer (0 or absent: no limit). */
  statementTimeoutMs?: number;
  /** Postgres: how long a migration waits for another process's migration lock (absent: forever). */
  migrationLockTimeoutMs?: number;
  /** Postgres: shown in pg_stat_activity, so an operator sees which connections are the app's. */
  applicationName?: string;
  /**
   * Postgres: what sits between the app and the server (DB_POOLER). "transaction": a pooler in
   * transaction mode (PgBouncer), so nothing may depend on a session: no start-up parameter but
   * application_name, the statement timeout kept by the client. Default "none".
   */
  pooler?: "none" | "transaction";
  /** Postgres: named prepared statements (DB_PREPARE). Default: on without a pooler, off behind one. */
  prepare?: boolean;
}

/**
 * The demand on this process's connections. `inFlight` counts the statements and transactions handed
 * to the client and not yet finished, outside any transaction (a statement inside one runs on the
 * transaction's connection and is not counted again). Each needs a connection of its own while it
 * runs (Postgres runs one statement at a time per connection; a transaction holds its connection to
 * the end), so whatever is in flight beyond `max` is waiting for one.
 */
export interface PoolUsage {
  /** Connections the client may open: DB_POOL_MAX on Postgres, 1 for PGlite. */
  max: number;
  inFlight: number;
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) return createPostgres(options.url, options);
  return createPglite(options.pgliteDataDir ?? ".data/pglite", options.pgliteLoadDataDir);
}

/**
 * How long a pool connection waits before reconnecting after a failure. postgres-js's default grows
 * 3^n / 100 s up to 20 s, with the count shared by the whole pool and reset only by a successful
 * connection: after an outage of a few seconds, a restarted Postgres went unused for up to 20 s.
 * Capped at 1 s instead (jittered), so recovery takes about a second and an outage still costs at
 * most one failed connection attempt per pool connection per second.
 */
export function reconnectDelaySeconds(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 1) * (0.5 + Math.random() / 2);
}

/**
 * Start-up parameters of each new connection. Without a pooler the statement timeout is one (the
 * server enforces it, at no cost per statement); a pooler refuses any but a few it tracks
 * (PgBouncer: application_name, client_encoding, DateStyle, TimeZone, standard_conforming_strings).
 */
function connectionSettings(options: DatabaseOptions): Record<string, string> {
  const settings: Record<string, string> = { application_name: options.applicationName ?? "provider-registry" };
  if (options.statementTimeoutMs && options.pooler !== "transaction") settings.statement_timeout = String(options.statementTimeoutMs);
  return settings;
}

function createPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const usage: PoolUsage = { max: options.poolMax ?? 10, inFlight: 0 };
  const pooled = options.pooler === "transaction";
  const prepare = options.prepare ?? !pooled;
  const client = postgres(url, {
    max: usage.max,
    onnotice: () => {},
    connect_timeout: 5,
    idle_timeout: 60,
    backoff: reconnectDelaySeconds,
    // Also postgres.js's own tagged queries (a transaction's commit): none named behind an old pooler.
    prepare,
    connection: connectionSettings(options),
  });
  let statements: postgres.Sql = prepare ? preparingStatements(client) : client;
  if (pooled && options.statementTimeoutMs) statements = cancellingStatementsAfter(statements, options.statementTimeoutMs);
  // Drizzle sends every statement through `unsafe` and every transaction through `begin`: counted for
  // the pool gauges, and spans of the request when it is traced (statement-spans.ts).
  const counted = countClaims(tracedPostgresClient(statements), usage, { lazy: ["unsafe"], eager: ["begin"] });
  const db = drizzlePostgres(counted, { schema }) as unknown as Db;
  return {
    kind: "postgres",
    db,
    poolUsage: () => ({ ...usage }),
    close: () => client.end({ timeout: 5 }),
    migrate: () =>
      migratePostgres({ url, migrationsFolder: MIGRATIONS_FOLDER, lockTimeoutMs: options.migrationLockTimeoutMs, prepare }),
  };
}

function createPglite(dataDir: string, loadDataDir?: Blob): DatabaseHandle {
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // Contrib extensions are compiled in but must be loaded here: migration 0005 creates unaccent (search).
  const client = new PGlite(dataDir, { extensions: { unaccent }, ...(loadDataDir ? { loadDataDir } : {}) });
  // One connection: PGlite runs one statement or transaction at a time and queues the rest.
  const usage: PoolUsage = { max: 1, inFlight: 0 };
  const traced = tracedPgliteClient(client);
  const db = drizzlePglite(countClaims(traced, usage, { eager: ["query", "exec", "transaction"] }), { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    poolUsage: () => ({ ...usage }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir("none"),
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
  };
}

type AnyFunction = (...args: unknown[]) => unknown;

/**
 * The client as drizzle sees it, counting each claim on a connection in `usage.inFlight` while it
 * lasts. `eager` methods start their work when called and answer a promise (a postgres.js `begin`, a
 * PGlite query): counted from the call until it settles. `lazy` ones answer a postgres.js query,
 * which is sent to the pool only when first awaited (postgres.js queries are lazy): counted from
 * that first `then` until it settles. Nothing else changes; other properties are the client's own
 * (methods bound to it, as PGlite's private fields require).
 */
function countClaims<C extends object>(client: C, usage: PoolUsage, methods: { eager: string[]; lazy?: string[] }): C {
  const release = () => {
    usage.inFlight -= 1;
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || typeof property !== "string") return value;
      const method = value as AnyFunction;
      if (methods.eager.includes(property)) {
        return async (...args: unknown[]) => {
          usage.inFlight += 1;
          try {
            return await method.apply(target, args);
          } finally {
            release();
          }
        };
      }
      if (methods.lazy?.includes(property)) return (...args: unknown[]) => countWhenAwaited(method.apply(target, args), usage, release);
      return method.bind(target);
    },
  });
}

function countWhenAwaited(query: unknown, usage: PoolUsage, release: () => void): unknown {
  const thenable = query as PromiseLike<unknown>;
  const then = thenable.then;
  let counted = false;
  Object.defineProperty(thenable, "then", {
    configurable: true,
    writable: true,
    value(this: PromiseLike<unknown>, ...handlers: Parameters<PromiseLike<unknown>["then"]>) {
      if (!counted) {
        counted = true;
        usage.inFlight += 1;
        then.call(thenable, release, release);
      }
      return then.apply(this, handlers);
    },
  });
  return query;
}
