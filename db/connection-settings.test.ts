import { sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase } from "@/test/support/database";
import { postgresOnlyTest } from "@/test/support/races";
import { executeRows } from "./client";
import { planEachTime } from "./plan-each-time";
import { MIGRATION_LOCK_ID } from "./postgres-migrate";

// Session settings are Postgres start-up parameters; PGlite (one in-process connection) has none.
const serverUrl = process.env.TEST_DATABASE_URL;

describe("Postgres pool connection settings", postgresOnlyTest, () => {
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

  it("with prepared statements off (DB_PREPARE=false), prepares nothing", async () => {
    const { handle, dispose } = await createPostgresDatabase(serverUrl!, { poolMax: 1, prepare: false });
    try {
      for (let i = 0; i < 3; i++) expect(await executeRows(handle.db, sql`select ${"unprepared"}::text as v`)).toEqual([{ v: "unprepared" }]);
      await handle.db.transaction((tx) => tx.execute(sql`select ${1}::int`));
      expect(await executeRows(handle.db, sql`select count(*)::int as n from pg_prepared_statements`)).toEqual([{ n: 0 }]);
    } finally {
      await dispose();
    }
  });

  it("fails a migration that waits longer than the lock timeout for another's, then migrates once it is free", async () => {
    const { handle, dispose } = await createPostgresDatabase(serverUrl!, { poolMax: 1, migrationLockTimeoutMs: 300 });
    // Advisory locks are per database: hold it in the test's.
    const [database] = await executeRows<{ name: string }>(handle.db, sql`select current_database() as name`);
    const url = new URL(serverUrl!);
    url.pathname = `/${database!.name}`;
    const holder = postgres(url.toString(), { max: 1, onnotice: () => {} });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = holder.begin(async (tx) => {
      await tx.unsafe("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
      locked();
      await held;
    });
    try {
      await lockTaken;
      const started = performance.now();
      await expect(handle.migrate()).rejects.toMatchObject({ code: "55P03" });
      expect(performance.now() - started).toBeLessThan(3_000);
      release();
      await holding;
      await handle.migrate();
      const [tables] = await executeRows<{ n: number }>(handle.db, sql`select count(*)::int as n from information_schema.tables where table_name = 'users'`);
      expect(tables).toEqual({ n: 1 });
    } finally {
      release();
      await holding;
      await holder.end();
      await dispose();
    }
  });
});
