import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { createDatabase, type DatabaseHandle } from "@/db/client";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database
 * on the Postgres server named by TEST_DATABASE_URL (created here, dropped in `dispose`).
 */
export async function createTestDatabase(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = createDatabase({ pgliteDataDir: "memory://" });
    await handle.migrate();
    return { handle, dispose: () => handle.close() };
  }
  const name = `pr_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase({ url: url.toString(), poolMax: 20 });
  await handle.migrate();
  return {
    handle,
    async dispose() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
