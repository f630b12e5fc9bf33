import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb, setDatabase } from "@/db";
import { createDatabase, type DatabaseHandle } from "@/db/client";
import { AppError, ERROR_TITLES } from "@/lib/errors";
import { call, problemOf } from "@/test/support/http";
import { captureLog } from "@/test/support/log-capture";
import { GET as LIST } from "@/app/api/public/studio/providers/route";
import { problemType } from "@/lib/http/problem";
import { apiRoute, json } from "@/lib/route-wrappers/api-route";

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

  it("logs a 500 with its request id and the error, so the id in the answer finds the cause", async () => {
    const handler = apiRoute({ auth: "public" }, async () => {
      throw new Error("the disk is full");
    });
    const { result: response, entries } = await captureLog(() =>
      call(handler, "/api/x", { headers: { "x-request-id": "req-500-trace-1" } }),
    );
    expect(response.status).toBe(500);
    const problem = await problemOf(response);
    expect(problem.requestId).toBe("req-500-trace-1");
    const failed = entries.filter((e) => e.event === "request.failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: "error", requestId: "req-500-trace-1", error: { message: "the disk is full" } });
    expect(entries.filter((e) => e.event === "request.5xx")).toMatchObject([{ requestId: "req-500-trace-1", status: 500 }]);
  });

  it.each([
    ["400", apiRoute({ auth: "public", query: z.object({ n: z.coerce.number() }) }, async () => json({})), "/api/x?n=abc", "VALIDATION_FAILED"],
    ["401", apiRoute({ auth: "apiKey" }, async () => json({})), "/api/x", "UNAUTHENTICATED"],
    ["404", apiRoute({ auth: "public" }, async () => { throw new AppError("NOT_FOUND", "Provider not found."); }), "/api/x", "NOT_FOUND"],
    ["500", apiRoute({ auth: "public" }, async () => { throw new Error("boom"); }), "/api/x", "INTERNAL_ERROR"],
  ] as const)("answers a %s with a problem body carrying type, title, status, detail, code and requestId", async (status, handler, url, code) => {
    const response = await call(handler, url);
    expect(response.status).toBe(Number(status));
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: problemType(code),
      title: ERROR_TITLES[code],
      status: Number(status),
      detail: expect.stringMatching(/\S/),
      code,
      requestId: response.headers.get("x-request-id"),
    });
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
