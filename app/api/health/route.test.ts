import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "@/db/client";
import { installedDatabaseHandle, setDatabase } from "@/db";
import { call, problemOf } from "@/test/support/http";
import { GET as ready } from "../ready/route";
import { GET as health, POST as healthPost } from "./route";

// db/index.ts keeps the process-wide database here; read it only to put the real one back.

// A Postgres handle that has been closed: every query on it fails at once. (Port 1 when no test
// server is configured, so it could not connect even if it tried.)
let closedHandle: Promise<DatabaseHandle> | undefined;
function closedDatabase(): Promise<DatabaseHandle> {
  closedHandle ??= (async () => {
    const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:1/unreachable";
    const handle = createDatabase({ url, poolMax: 1 });
    await handle.close();
    return handle;
  })();
  return closedHandle;
}

/** Installs the closed database; returns the function that puts the real one back. */
async function installClosedDatabase(): Promise<() => void> {
  const real = installedDatabaseHandle();
  if (!real) throw new Error("the test setup installs a database first");
  setDatabase(await closedDatabase());
  return () => setDatabase(real);
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("GET /api/health", () => {
  it("answers 200 ok, uncached, with the caller's request id", async () => {
    const response = await call(health, "/api/health", { headers: { "x-request-id": "lb-probe-1" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toBe("lb-probe-1");
  });

  it("generates a request id when none is sent", async () => {
    const response = await call(health, "/api/health");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("stays 200 while the database is down, because liveness never touches it", async () => {
    restore = await installClosedDatabase();
    const response = await call(health, "/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("refuses other methods with 405 and Allow", async () => {
    const response = await call(healthPost, "/api/health", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("GET");
    expect((await problemOf(response)).code).toBe("METHOD_NOT_ALLOWED");
  });
});

describe("GET /api/ready", () => {
  it("answers 200 ready when the database answers", async () => {
    const response = await call(ready, "/api/ready", { headers: { "x-request-id": "lb-probe-2" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toBe("lb-probe-2");
  });

  it("answers 503 SERVICE_UNAVAILABLE problem+json when the database fails", async () => {
    restore = await installClosedDatabase();
    const response = await call(ready, "/api/ready", { headers: { "x-request-id": "lb-probe-3" } });
    expect(response.status).toBe(503);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503, requestId: "lb-probe-3" });
    expect(JSON.stringify(problem)).not.toMatch(/closed|pglite|postgres|select/i);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("x-request-id")).toBe("lb-probe-3");
  });

  it("is ready again once the database is back", async () => {
    const putBack = await installClosedDatabase();
    expect((await call(ready, "/api/ready")).status).toBe(503);
    putBack();
    expect((await call(ready, "/api/ready")).status).toBe(200);
  });
});
