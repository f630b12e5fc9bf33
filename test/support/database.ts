import { randomBytes } from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";
import { createDatabase, type DatabaseHandle, type DatabaseOptions } from "@/db/client";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database
 * on the Postgres server named by TEST_DATABASE_URL (created here, dropped in `dispose`).
 */
export async function createTestDatabase(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Start from the migrated snapshot made once per run (global-setup.ts), when there is one.
    const snapshot = inject("pgliteSnapshot");
    const pgliteLoadDataDir = snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined;
    const handle = createDatabase({ pgliteDataDir: "memory://", pgliteLoadDataDir });
    if (!pgliteLoadDataDir) await handle.migrate();
    return { handle, dispose: () => handle.close() };
  }
  // Copied from the migrated template made once per run (global-setup.ts), when there is one.
  const template = inject("postgresTemplate");
  const database = await createPostgresDatabase(serverUrl, { poolMax: 20 }, template || undefined);
  if (!template) await database.handle.migrate();
  return database;
}

/**
 * A new, empty database on the Postgres server at `serverUrl`, opened with these options (not
 * migrated), dropped with everything in it by `dispose`.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  options: Omit<DatabaseOptions, "url">,
  template?: string,
): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  const name = `pr_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase({ ...options, url: url.toString() });
  return {
    handle,
    async dispose() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
