import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { processSingleton } from "@/lib/config/process-singletons";
import { createDatabase, type DatabaseHandle, type Db, type PoolUsage } from "./client";
import { acquireEmbeddedLock } from "./embedded-lock";
import { readSchemaStatus, type SchemaStatus } from "./schema-version";

export type { Db } from "./client";
export type { SchemaStatus } from "./schema-version";

// One database per process, shared by every bundle and kept across dev reloads (a process singleton).
interface OpenDatabase {
  handle: DatabaseHandle;
  ready: Promise<void>;
  /** The last migration attempt failed: the next databaseReady() tries again. */
  failed: boolean;
  /** Set once the schema was seen at this build's migration: a schema does not go back. */
  schemaCurrent?: SchemaStatus;
}

const slot = processSingleton<OpenDatabase>("database");
const current = (): OpenDatabase => slot.getOrCreate(open);

function open(): OpenDatabase {
  const e = env();
  // A second process on the same PGlite files would corrupt them; refuse to start instead.
  if (!e.DATABASE_URL) acquireEmbeddedLock(e.PGLITE_DATA_DIR);
  const handle = createDatabase({
    url: e.DATABASE_URL,
    pgliteDataDir: e.PGLITE_DATA_DIR,
    poolMax: e.DB_POOL_MAX,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    migrationLockTimeoutMs: e.MIGRATION_LOCK_TIMEOUT_MS,
    pooler: e.DB_POOLER,
    prepare: e.DB_PREPARE,
  });
  if (handle.kind === "pglite") log.info("database.embedded", { dataDir: e.PGLITE_DATA_DIR });
  const entry: OpenDatabase = { handle, ready: Promise.resolve(), failed: false };
  // Unless a release step migrates instead (MIGRATE_ON_START=false): then the schema is taken as is.
  if (e.MIGRATE_ON_START || handle.kind === "pglite") migrate(entry);
  return entry;
}

function migrate(entry: OpenDatabase): void {
  const ready = entry.handle.migrate();
  entry.ready = ready;
  entry.failed = false;
  // Callers that await readiness see the failure. Registered first, so `failed` is set before they
  // resume: a database that was down at start-up then gets another attempt on the next call,
  // instead of every request failing for the life of the process.
  ready.catch((error: unknown) => {
    log.error("database.migrate_failed", { error });
    if (entry.ready === ready) entry.failed = true;
  });
}

/** The process-wide database. Queries may be issued at once; `databaseReady()` resolves after migrations. */
export function getDb(): Db {
  return current().handle.db;
}

/** Which database this process uses (opening it if need be). */
export function databaseKind(): DatabaseHandle["kind"] {
  return current().handle.kind;
}

/** What this process asks of its database connections right now (the db_pool_* metrics). */
export function databasePoolUsage(): PoolUsage | undefined {
  return current().handle.poolUsage?.();
}

export async function databaseReady(): Promise<Db> {
  const entry = current();
  if (entry.failed) migrate(entry);
  await entry.ready;
  return entry.handle.db;
}

/**
 * Whether the database's schema is at this build's latest migration (db/schema-version.ts), after any
 * migration this process runs. A positive answer is kept for the life of the process, so readiness
 * probes cost one `select 1` once the schema is current; until then each call reads the migration
 * history again (a release step may migrate meanwhile).
 */
export async function databaseSchemaStatus(): Promise<SchemaStatus> {
  const entry = current();
  if (entry.schemaCurrent) return entry.schemaCurrent;
  const status = await readSchemaStatus(await databaseReady());
  if (status.state === "current") entry.schemaCurrent = status;
  return status;
}

/** Tests and the CLI install their own database here. */
export function setDatabase(handle: DatabaseHandle): void {
  slot.set({ handle, ready: Promise.resolve(), failed: false });
}

/** The handle installed now, if any (tests that swap the database put this one back). */
export function installedDatabaseHandle(): DatabaseHandle | undefined {
  return slot.get()?.handle;
}

export async function closeDatabase(): Promise<void> {
  const installed = slot.get();
  slot.set(undefined);
  if (installed) await installed.handle.close();
}
