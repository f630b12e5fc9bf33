import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { createDatabase, executeRows } from "./client";

// Session settings are Postgres start-up parameters; PGlite (one in-process connection) has none.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("Postgres pool connection settings", () => {
  it("names the application and cancels statements past the timeout", async () => {
    const name = `pr_settings_${randomBytes(4).toString("hex")}`;
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const handle = createDatabase({ url: url.toString(), poolMax: 1, statementTimeoutMs: 200 });
    try {
      const [row] = await executeRows<{ app: string; timeout: string }>(
        handle.db,
        sql`select current_setting('application_name') as app, current_setting('statement_timeout') as timeout`,
      );
      expect(row).toEqual({ app: "provider-registry", timeout: "200ms" });
      await expect(handle.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({ cause: { code: "57014" } });
    } finally {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
