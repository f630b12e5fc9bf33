import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { captureLog } from "@/test/support/log-capture";
import { log } from "./log";

// A failed query as the app logs it (request.error, database.migrate_failed…): drizzle's error wraps
// the driver's, on PGlite and on Postgres alike.
async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the query to fail");
}

async function logged(error: unknown): Promise<{ line: string; error: Record<string, unknown> }> {
  const { entries } = await captureLog(async () => log.error("request.error", { error }));
  const entry = entries.find((e) => e.event === "request.error")!;
  return { line: JSON.stringify(entry), error: entry.error as Record<string, unknown> };
}

describe("an error log line of a failed query", () => {
  it("keeps the Postgres cause's message and SQLSTATE, and never the query's values", async () => {
    const db = getDb();
    const email = "secret-person@example.com";
    await db.insert(users).values({ id: "log-1", email });
    const error = await failure(() => db.insert(users).values({ id: "log-2", email }));
    const { line, error: field } = await logged(error);
    expect(field.message).toMatch(/^Failed query: insert into "users"/);
    expect(field.message).toContain("params: ");
    expect(field.cause).toMatchObject({
      code: "23505",
      severity: "ERROR",
      message: expect.stringContaining("duplicate key value violates unique constraint"),
      constraint: expect.stringContaining("email"),
      table: "users",
    });
    // Neither the parameters nor the detail ("Key (email)=(…) already exists") reach the line.
    expect(line).not.toContain("secret-person");
    expect(line).not.toContain("log-2");
  });

  it("keeps the SQLSTATE of a value the server refused, without the value", async () => {
    const error = await failure(() => getDb().execute(sql`select ${"not-a-uuid-but-a-secret"}::uuid`));
    const { line, error: field } = await logged(error);
    expect(field.cause).toMatchObject({ code: "22P02", message: 'invalid input syntax for type uuid: [value]' });
    expect(line).not.toContain("not-a-uuid-but-a-secret");
  });

  it("keeps an error's cause that is not a database error", async () => {
    const error = new Error("outer", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }) });
    const { error: field } = await logged(error);
    expect(field).toMatchObject({ message: "outer", cause: { message: "connect ECONNREFUSED 127.0.0.1:5432", code: "ECONNREFUSED" } });
  });
});
