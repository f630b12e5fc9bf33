import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { installedDatabaseHandle, setDatabase } from "@/db";
import { createDatabase, executeRows, type DatabaseHandle } from "@/db/client";
import { BUILD_MIGRATION } from "@/db/schema-version";
import { createPostgresDatabase } from "@/test/support/database";
import { postgresOnlyTest } from "@/test/support/races";
import { call, problemOf } from "@/test/support/http";
import { GET as ready } from "./route";

// Readiness means the schema is at this build's migration (issue 25, point 8): an app started with
// MIGRATE_ON_START=false on a database nobody migrated must not be sent traffic. These tests install a
// database of their own (an empty PGlite, or a new empty Postgres database), as such an app sees it.


const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A new, empty database (not migrated), installed as the process's database until the test ends. */
async function installEmptyDatabase(): Promise<DatabaseHandle> {
  const real = installedDatabaseHandle();
  if (!real) throw new Error("the test setup installs a database first");
  let handle: DatabaseHandle;
  if (process.env.TEST_DATABASE_URL) {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL, { poolMax: 2 });
    handle = database.handle;
    cleanups.push(database.dispose);
  } else {
    handle = createDatabase({ pgliteDataDir: "memory://" });
    cleanups.push(() => handle.close());
  }
  setDatabase(handle);
  cleanups.push(() => setDatabase(real));
  return handle;
}

async function readiness(): Promise<{ status: number; detail?: string }> {
  const response = await call(ready, "/api/ready");
  if (response.status === 200) return { status: 200 };
  const problem = await problemOf(response);
  expect(problem.code).toBe("SERVICE_UNAVAILABLE");
  expect(response.headers.get("retry-after")).toBe("5");
  return { status: response.status, detail: problem.detail };
}

describe("GET /api/ready and the database schema", () => {
  it("answers 503 on a database without the schema, 200 once the release step has migrated it, and then no longer reads the history", async () => {
    const handle = await installEmptyDatabase();
    expect(await readiness()).toEqual({ status: 503, detail: expect.stringMatching(/no schema yet: apply this build's migrations/) });

    await handle.migrate();
    expect(await readiness()).toEqual({ status: 200 });
    // Gone from under it: a later probe does not look again (the answer is kept for the process), it
    // only checks that the database answers.
    await handle.db.execute(sql`drop table drizzle.__drizzle_migrations`);
    expect(await readiness()).toEqual({ status: 200 });
  });

  it("answers 503 while the schema is one migration behind this build, and 200 when it is past it (a newer release migrated first)", async () => {
    const handle = await installEmptyDatabase();
    await handle.migrate();
    await handle.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${BUILD_MIGRATION.when}`);
    expect(await readiness()).toEqual({ status: 503, detail: expect.stringMatching(/older than this build/) });

    await handle.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer-release', ${BUILD_MIGRATION.when + 60_000})`);
    expect(await readiness()).toEqual({ status: 200 });
  });

  it(
    "says so when the app's database role may not read the migration history",
    postgresOnlyTest,
    async () => {
      const handle = await installEmptyDatabase();
      await handle.migrate();
      const role = `pr_test_ready_${randomBytes(4).toString("hex")}`;
      const [db] = await executeRows<{ name: string }>(handle.db, sql`select current_database() as name`);
      await handle.db.execute(sql.raw(`create role "${role}" login`));
      await handle.db.execute(sql.raw(`grant connect on database "${db!.name}" to "${role}"`));
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${db!.name}`;
      url.username = role;
      const asApp = createDatabase({ url: url.toString(), poolMax: 1 });
      setDatabase(asApp);
      cleanups.push(async () => {
        await asApp.close();
        await handle.db.execute(sql.raw(`drop owned by "${role}"`));
        await handle.db.execute(sql.raw(`drop role "${role}"`));
      });
      expect(await readiness()).toEqual({ status: 503, detail: expect.stringMatching(/may not read the migration history/) });

      await handle.db.execute(sql.raw(`grant usage on schema drizzle to "${role}"`));
      await handle.db.execute(sql.raw(`grant select on drizzle.__drizzle_migrations to "${role}"`));
      expect(await readiness()).toEqual({ status: 200 });
    },
  );
});
