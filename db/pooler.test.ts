import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { pgbouncerBinary, startPgBouncer, type RunningPgBouncer } from "@/test/support/pgbouncer";
import { postgresOnlyTest } from "@/test/support/races";
import { createDatabase, executeRows, type DatabaseHandle, type DatabaseOptions } from "./client";
import { MIGRATION_LOCK_ID } from "./postgres-migrate";

// The app behind PgBouncer in transaction mode with PgBouncer's defaults (Debian's package; its
// 1.18 has no prepared statements across transactions, so DB_PREPARE's default behind a pooler is
// off). Postgres only: the embedded database has no pooler. Needs the pgbouncer binary; .ci/run
// installs it.
const serverUrl = process.env.TEST_DATABASE_URL;
const binary = pgbouncerBinary();
// Without the binary the tests are skipped one by one, each saying why (never silently).
const NO_PGBOUNCER = "pgbouncer is not installed (apt-get install pgbouncer): the pooler tests did not run";

describe("behind PgBouncer in transaction mode, with its defaults", postgresOnlyTest, () => {
  let bouncer: RunningPgBouncer;
  let admin: postgres.Sql;
  let name: string;
  const opened: DatabaseHandle[] = [];

  beforeEach((context) => {
    if (!binary) context.skip(NO_PGBOUNCER);
  });

  beforeAll(async () => {
    if (!binary) return;
    bouncer = await startPgBouncer(binary!, serverUrl!);
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    name = `pr_pooler_${process.pid}_${randomBytes(4).toString("hex")}`;
    await admin.unsafe(`create database "${name}"`);
  });

  afterAll(async () => {
    await Promise.all(opened.map((h) => h.close()));
    await bouncer?.stop();
    await admin?.unsafe(`drop database if exists "${name}" with (force)`);
    await admin?.end();
  });

  function databaseUrl(direct = false): string {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return direct ? url.toString() : bouncer.url(url.toString());
  }

  function open(options: Omit<DatabaseOptions, "url"> = {}): DatabaseHandle {
    const handle = createDatabase({ url: databaseUrl(), pooler: "transaction", poolMax: 4, ...options });
    opened.push(handle);
    return handle;
  }

  it("migrates, reads and writes in and out of transactions, and names its connections", async () => {
    const handle = open({ statementTimeoutMs: 15_000, migrationLockTimeoutMs: 60_000 });
    await handle.migrate();
    await handle.migrate(); // a second run finds nothing to apply
    const [setting] = await executeRows<{ app: string }>(handle.db, sql`select current_setting('application_name') as app`);
    expect(setting).toEqual({ app: "provider-registry" });
    await handle.db.transaction(async (tx) => {
      await tx.insert(users).values({ id: "pooled-1", email: "pooled-1@example.com" });
      await tx.insert(users).values({ id: "pooled-2", email: "pooled-2@example.com" });
    });
    // Many more statements at once than the client has connections, each with parameters. (With
    // prepared statements on, PgBouncer 1.18 left most of 400 such statements unanswered.)
    const found = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        executeRows<{ id: string }>(handle.db, sql`select id from users where email = ${`pooled-${(i % 2) + 1}@example.com`}`),
      ),
    );
    expect(found.map((rows) => rows[0]?.id)).toEqual(Array.from({ length: 200 }, (_, i) => `pooled-${(i % 2) + 1}`));
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(users).values({ id: "pooled-3", email: "pooled-3@example.com" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await handle.db.select({ id: users.id }).from(users).orderBy(users.id)).toEqual([{ id: "pooled-1" }, { id: "pooled-2" }]);
  });

  it("leaves no setting on the pooler's server connections for the next client", async () => {
    await open({ statementTimeoutMs: 15_000, migrationLockTimeoutMs: 60_000 }).migrate();
    const plain = postgres(databaseUrl(), { max: 4, prepare: false, onnotice: () => {} });
    try {
      const rows = await Promise.all(
        Array.from({ length: 8 }, () =>
          plain.unsafe("select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock"),
        ),
      );
      expect(new Set(rows.map((r) => JSON.stringify(r[0])))).toEqual(new Set([JSON.stringify({ statement: "0", lock: "0" })]));
    } finally {
      await plain.end();
    }
  });

  it("cancels a statement past DB_STATEMENT_TIMEOUT_MS, in and out of a transaction, and goes on", async () => {
    const handle = open({ statementTimeoutMs: 300 });
    for (const run of [
      () => handle.db.execute(sql`select pg_sleep(3)`),
      () => handle.db.transaction((tx) => tx.execute(sql`select pg_sleep(3)`)),
    ]) {
      const started = performance.now();
      await expect(run()).rejects.toMatchObject({ cause: { code: "57014" } });
      expect(performance.now() - started).toBeLessThan(2_500);
    }
    const [row] = await executeRows<{ one: number }>(handle.db, sql`select ${1}::int as one`);
    expect(row).toEqual({ one: 1 });
  });

  it("fails a migration that waits longer than MIGRATION_LOCK_TIMEOUT_MS for another's lock", async () => {
    const holder = postgres(databaseUrl(true), { max: 1, onnotice: () => {} });
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
      await expect(open({ migrationLockTimeoutMs: 300 }).migrate()).rejects.toMatchObject({ code: "55P03" });
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      release();
      await holding;
      await holder.end();
    }
  });
});
