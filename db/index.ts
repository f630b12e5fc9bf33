import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { createDatabase, type DatabaseHandle, type Db } from "./client";
import { acquireEmbeddedLock } from "./embedded-lock";

export type { Db } from "./client";

// One database per process. Kept on globalThis so Next.js dev reloads and route bundles share it.
const holder = globalThis as unknown as {
  __providerRegistryDb?: { handle: DatabaseHandle; ready: Promise<void> };
};

function open(): { handle: DatabaseHandle; ready: Promise<void> } {
  const e = env();
  // A second process on the same PGlite files would corrupt them; refuse to start instead.
  if (!e.DATABASE_URL) acquireEmbeddedLock(e.PGLITE_DATA_DIR);
  const handle = createDatabase({ url: e.DATABASE_URL, pgliteDataDir: e.PGLITE_DATA_DIR, poolMax: e.DB_POOL_MAX });
  if (handle.kind === "pglite") log.info("database.embedded", { dataDir: e.PGLITE_DATA_DIR });
  const ready = handle.migrate();
  // Callers that await readiness see the failure; this only keeps an early failure from crashing the process.
  ready.catch((error: unknown) => log.error("database.migrate_failed", { error }));
  return { handle, ready };
}

/** The process-wide database. Queries may be issued at once; `databaseReady()` resolves after migrations. */
export function getDb(): Db {
  holder.__providerRegistryDb ??= open();
  return holder.__providerRegistryDb.handle.db;
}

export async function databaseReady(): Promise<Db> {
  holder.__providerRegistryDb ??= open();
  await holder.__providerRegistryDb.ready;
  return holder.__providerRegistryDb.handle.db;
}

/** Tests and the CLI install their own database here. */
export function setDatabase(handle: DatabaseHandle): void {
  holder.__providerRegistryDb = { handle, ready: Promise.resolve() };
}

export async function closeDatabase(): Promise<void> {
  const current = holder.__providerRegistryDb;
  holder.__providerRegistryDb = undefined;
  if (current) await current.handle.close();
}
