import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installRequestGuard } from "./request-guard";
import { installServerHooks } from "./server-hooks";

// The one patch of Node's HTTP server (server-patch.ts), set up as instrumentation-node.ts does: the
// guard first (so it is in place as early as possible), the hooks after it, yet around it.
let server: http.Server;
let base: string;
let emitAfterGuard: unknown;
let emitAfterHooks: unknown;
const handled: string[] = [];

beforeAll(async () => {
  installRequestGuard({ development: false });
  emitAfterGuard = http.Server.prototype.emit;
  installServerHooks({ keepAliveTimeoutMs: 5_000 });
  emitAfterHooks = http.Server.prototype.emit;
  server = http.createServer((req, res) => {
    handled.push(`${req.method} ${req.url} ${String(req.headers["x-request-id"])}`);
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the one patch of Node's HTTP server", () => {
  it("wraps the server's emit once, however many layers are added", () => {
    expect(emitAfterHooks).toBe(emitAfterGuard);
    installServerHooks({ keepAliveTimeoutMs: 1 });
    installRequestGuard({ development: true });
    expect(http.Server.prototype.emit).toBe(emitAfterGuard);
  });

  it("runs the hooks around the guard although they were added after it: a refusal carries the request id", async () => {
    const refused = await fetch(`${base}/api/%ff`, { headers: { "x-request-id": "patch-order-1" } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-request-id")).toBe("patch-order-1");
    expect(handled).toEqual([]);
  });

  it("passes what the guard lets through to the server, inside its request's context", async () => {
    const passed = await fetch(`${base}/api/providers`, { headers: { "x-request-id": "patch-order-2" } });
    expect(await passed.text()).toBe("ok");
    expect(handled).toEqual(["GET /api/providers patch-order-2"]);
  });

  it("keeps the first options of a layer: the keep-alive timeout of the first install holds", () => {
    expect(server.keepAliveTimeout).toBe(5_000);
  });
});
