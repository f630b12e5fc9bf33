import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog, type LogEntry } from "@/test/support/log-capture";
import { withEnv } from "@/test/support/env";
import { installServerHooks } from "./server-hooks";

// The access log (ACCESS_LOG) of the hooks instrumentation.ts installs, in front of a server of our own.
let server: http.Server;
let base: string;

beforeAll(async () => {
  installServerHooks({ keepAliveTimeoutMs: 5_000 });
  server = http.createServer((req, res) => {
    res.statusCode = req.url?.startsWith("/missing") ? 404 : 200;
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The access lines written while these requests are answered (the line follows the answer closely). */
async function accessLines(
  vars: Record<string, string | undefined>,
  paths: [string, string?][],
  level: "info" | "warn" = "info",
): Promise<LogEntry[]> {
  const { entries } = await withEnv(vars, () =>
    captureLog(async () => {
      for (const [path, requestId] of paths) {
        const response = await fetch(`${base}${path}`, { headers: requestId ? { "x-request-id": requestId } : {} });
        await response.text();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }, level),
  );
  return entries.filter((e) => e.event === "http.access");
}

describe("the access log", () => {
  it("is off by default", async () => {
    expect(await accessLines({ ACCESS_LOG: undefined }, [["/providers"]])).toEqual([]);
  });

  it("writes one line per request with method, redacted path, status, duration and request id", async () => {
    const lines = await accessLines({ ACCESS_LOG: "true" }, [
      ["/verify?token=secret-token-value&next=1", "access-id-1"],
      ["/missing/page"],
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: "info",
      method: "GET",
      path: "/verify?token=[redacted]&next=1",
      status: 200,
      durationMs: expect.any(Number),
      requestId: "access-id-1",
    });
    expect(lines[1]).toMatchObject({ path: "/missing/page", status: 404, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(JSON.stringify(lines)).not.toContain("secret-token-value");
    // Nobody is tracked: no client address or user agent.
    expect(Object.keys(lines[0]!).sort()).toEqual(["durationMs", "event", "level", "method", "path", "requestId", "status", "time"]);
  });

  it("is written when asked for even with LOG_LEVEL=warn", async () => {
    const lines = await accessLines({ ACCESS_LOG: "1" }, [["/providers"]], "warn");
    expect(lines).toHaveLength(1);
  });
});
