import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase } from "@/test/support/database";
import { executeRows } from "./client";
import { planEachTime } from "./plan-each-time";

// Session settings are Postgres start-up parameters; PGlite (one in-process connection) has none.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("Postgres pool connection settings", () => {
  it("names the application and cancels statements past the timeout", async () => {
    const { handle, dispose } = await createPostgresDatabase(serverUrl!, { poolMax: 1, statementTimeoutMs: 200 });
    try {
      const [row] = await executeRows<{ app: string; timeout: string }>(
        handle.db,
        sql`select current_setting('application_name') as app, current_setting('statement_timeout') as timeout`,
      );
      expect(row).toEqual({ app: "provider-registry", timeout: "200ms" });
      await expect(handle.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({ cause: { code: "57014" } });
    } finally {
      await dispose();
    }
  });

  it("prepares a parameterised query once per connection, but not one marked to be planned each time", async () => {
    const { handle, dispose } = await createPostgresDatabase(serverUrl!, { poolMax: 1 });
    try {
      const marker = sql`select ${"prepared-marker"}::text as v, 1 as n`;
      const perValue = sql`select ${planEachTime} ${"per-value-marker"}::text as v, 2 as n`;
      for (let i = 0; i < 3; i++) {
        expect(await executeRows(handle.db, marker)).toEqual([{ v: "prepared-marker", n: 1 }]);
        expect(await executeRows(handle.db, perValue)).toEqual([{ v: "per-value-marker", n: 2 }]);
      }
      // One connection: the statement it prepared is in its pg_prepared_statements (a query without
      // parameters goes by the simple protocol, so this one adds nothing there).
      const statements = await executeRows<{ statement: string }>(
        handle.db,
        sql`select statement from pg_prepared_statements where statement like '%as v, _ as n%'`,
      );
      expect(statements.map((s) => s.statement)).toEqual([expect.stringContaining("as v, 1 as n")]);
    } finally {
      await dispose();
    }
  });
});
