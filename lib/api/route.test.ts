import { afterEach, describe, expect, it } from "vitest";
import { getDb, setDatabase } from "@/db";
import { createDatabase, type DatabaseHandle } from "@/db/client";
import { call, problemOf } from "@/lib/testing/http";
import { GET as LIST } from "@/app/api/public/studio/providers/route";
import { apiRoute, json } from "./route";

describe("apiRoute", () => {
  let restore: DatabaseHandle | undefined;
  afterEach(() => {
    if (restore) setDatabase(restore);
    restore = undefined;
  });

  it("answers 503 SERVICE_UNAVAILABLE problem+json when the database cannot be reached", async () => {
    const current = getDb();
    restore = { kind: "postgres", db: current, close: async () => {}, migrate: async () => {} };
    // Nothing listens on port 1: every query fails to connect.
    setDatabase(createDatabase({ url: "postgres://nobody@127.0.0.1:1/none" }));
    const response = await call(LIST, "/api/public/studio/providers");
    expect(response.status).toBe(503);
    const problem = await problemOf(response);
    expect(problem.code).toBe("SERVICE_UNAVAILABLE");
    expect(problem.detail).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
    expect(response.headers.get("retry-after")).toBeTruthy();
  });

  it("answers an unexpected failure with 500 INTERNAL_ERROR and no internals in the body", async () => {
    const handler = apiRoute({ auth: "public" }, async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app/lib/x.ts:10');
    });
    const response = await call(handler, "/api/x");
    expect(response.status).toBe(500);
    const text = await response.clone().text();
    expect(text).not.toMatch(/secret_table|\/srv\/app|at /);
    expect((await problemOf(response)).code).toBe("INTERNAL_ERROR");
  });

  it("refuses any body over 100 KB with 413, even on endpoints that take none", async () => {
    const handler = apiRoute({ auth: "public" }, async () => json({ ok: true }));
    const response = await call(handler, "/api/x", {
      method: "POST",
      rawBody: "x",
      headers: { "content-length": String(200 * 1024) },
    });
    expect(response.status).toBe(413);
  });
});
