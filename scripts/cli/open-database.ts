import { createDatabase, type DatabaseHandle } from "@/db/client";
import { acquireEmbeddedLock, releaseEmbeddedLock } from "@/db/embedded-lock";
import { env } from "@/lib/config/env";

/**
 * Opens the database the environment names (DATABASE_URL, else PGlite at PGLITE_DATA_DIR, locked
 * against a second process), migrates it, runs `fn` and closes it, so scripts exit promptly.
 */
export async function withDatabase<T>(fn: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const e = env();
  if (!e.DATABASE_URL) acquireEmbeddedLock(e.PGLITE_DATA_DIR);
  try {
    const handle = createDatabase({
      url: e.DATABASE_URL,
      pgliteDataDir: e.PGLITE_DATA_DIR,
      poolMax: 4,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      migrationLockTimeoutMs: e.MIGRATION_LOCK_TIMEOUT_MS,
    pooler: e.DB_POOLER,
    prepare: e.DB_PREPARE,
      applicationName: "provider-registry-cli",
    });
    try {
      await handle.migrate();
      return await fn(handle);
    } finally {
      await handle.close();
    }
  } finally {
    releaseEmbeddedLock();
  }
}
