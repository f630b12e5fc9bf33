import path from "node:path";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type Schema = typeof schema;
/** A database or a transaction: every domain function takes one of these. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Db;
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
// Any fixed number: serialises migrations when several app instances start at once.
const MIGRATION_LOCK_ID = 7_240_611;

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

/** Session settings sent with each new connection (Postgres applies them at start-up). */
function connectionSettings(options: DatabaseOptions, extra: Record<string, string> = {}): Record<string, string> {
  const settings: Record<string, string> = { application_name: options.applicationName ?? "provider-registry", ...extra };
  if (options.statementTimeoutMs) settings.statement_timeout = String(options.statementTimeoutMs);
  return settings;
}

function createPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const client = postgres(url, {
    max: options.poolMax ?? 10,
    onnotice: () => {},
    connect_timeout: 5,
    idle_timeout: 60,
    backoff: reconnectDelaySeconds,
    connection: connectionSettings(options),
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  return {
    kind: "postgres",
    db,
    close: () => client.end({ timeout: 5 }),
    async migrate() {
      // A lock timeout: an instance stuck holding the migration lock makes the others fail (and retry on
      // their next request, or the release step fail loudly) instead of hanging every one of them.
      // No statement timeout here: a migration may legitimately run long.
      const lockTimeout: Record<string, string> = options.migrationLockTimeoutMs
        ? { lock_timeout: String(options.migrationLockTimeoutMs) }
        : {};
      const lockClient = postgres(url, {
        max: 1,
        onnotice: () => {},
        connect_timeout: 5,
        connection: connectionSettings({ ...options, statementTimeoutMs: 0, applicationName: "provider-registry-migrate" }, lockTimeout),
      });
      try {
        await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
        await migratePostgres(drizzlePostgres(lockClient), { migrationsFolder: MIGRATIONS_FOLDER });
        await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
      } finally {
        await lockClient.end({ timeout: 5 });
      }
    },
  };
}

function createPglite(dataDir: string, loadDataDir?: Blob): DatabaseHandle {
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // Contrib extensions are compiled in but must be loaded here: migration 0005 creates unaccent (search).
  const client = new PGlite(dataDir, { extensions: { unaccent }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir("none"),
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
  };
}
