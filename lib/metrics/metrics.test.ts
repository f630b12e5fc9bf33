import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { dispatchDueEmails } from "@/lib/email/dispatcher";
import { enqueueEmail } from "@/lib/email/outbox";
import { verificationEmail } from "@/lib/email/templates";
import { createMailboxTransport } from "@/lib/email/transports";
import { installServerHooks } from "@/lib/http/server-hooks";
import { log } from "@/lib/config/log";
import { outsideRequest } from "@/lib/config/request-context";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { captureLog } from "@/test/support/log-capture";
import { recordHttpRequest } from "./http-metrics";
import { metricsText } from "./metrics-text";
import { resetMetrics } from "./registry";
import { useRoutesManifest } from "./route-label";

/** The value of one series in the Prometheus text, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** One GET on a connection of its own (no keep-alive reuse across tests), answering the status. */
function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

async function scrape(): Promise<string> {
  return (await metricsText()).body;
}

let server: http.Server;
let base: string;

beforeAll(async () => {
  // The routes a build would list (.next/routes-manifest.json), as Next.js writes them.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "routes-"));
  const manifest = path.join(dir, "routes-manifest.json");
  fs.writeFileSync(
    manifest,
    JSON.stringify({
      staticRoutes: [{ page: "/providers", regex: "^/providers(?:/)?$" }],
      dynamicRoutes: [{ page: "/providers/[slug]", regex: "^/providers/([^/]+?)(?:/)?$" }],
    }),
  );
  useRoutesManifest(manifest);
  // The hooks instrumentation.ts installs, in front of a server of our own.
  installServerHooks({ keepAliveTimeoutMs: 5_000, onRequestDone: recordHttpRequest });
  server = http.createServer((req, res) => {
    log.info("test.handled", { url: req.url });
    res.statusCode = req.url?.includes("missing") ? 404 : 200;
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => resetMetrics());

describe("HTTP metrics", () => {
  it("count each answer by route pattern and status, with its duration", async () => {
    for (const slug of ["acme", "globex", "missing"]) await get(`${base}/providers/${slug}?view=x`);
    expect(await get(`${base}/providers`)).toBe(200);
    // The counters move when the connection is done with the answer, just after the client has it.
    await expect.poll(async () => sample(await scrape(), 'http_requests_total{method="GET",route="/providers/[slug]",status="200"}')).toBe(2);
    const text = await scrape();
    expect(sample(text, 'http_requests_total{method="GET",route="/providers/[slug]",status="404"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="/providers",status="200"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/providers/[slug]"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/providers/[slug]"}')).toBe(3);
    expect(text).not.toContain("acme");
  });

  it("give every log line of a request its id: the caller's when well-formed, else a new one", async () => {
    const { entries, result } = await captureLog(async () => {
      await get(`${base}/a`, { "x-request-id": "caller-id-1" });
      await get(`${base}/b`, { "x-request-id": "not a valid id!" });
      return null;
    }, "info");
    expect(result).toBeNull();
    const handled = entries.filter((e) => e.event === "test.handled");
    expect(handled.map((e) => e.url)).toEqual(["/a", "/b"]);
    expect(handled[0]!.requestId).toBe("caller-id-1");
    expect(handled[1]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("leave lines of work a request started in the background, outside the request, without its id", async () => {
    const server2 = http.createServer((_req, res) => {
      outsideRequest(() => setTimeout(() => log.info("test.background"), 10));
      res.end("ok");
    });
    await new Promise<void>((resolve) => server2.listen(0, "127.0.0.1", resolve));
    try {
      const { entries } = await captureLog(async () => {
        await get(`http://127.0.0.1:${(server2.address() as { port: number }).port}/`, { "x-request-id": "kicker" });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }, "info");
      const line = entries.find((e) => e.event === "test.background");
      expect(line).toBeDefined();
      expect(line).not.toHaveProperty("requestId");
    } finally {
      await new Promise((resolve) => server2.close(resolve));
    }
  });

  it("leave lines outside a request without an id", async () => {
    const { entries } = await captureLog(async () => log.info("test.outside"), "info");
    expect(entries.find((e) => e.event === "test.outside")).not.toHaveProperty("requestId");
  });
});

describe("email outbox gauges", () => {
  it("follow an email from queued to sent", async () => {
    const db = getDb();
    await db.delete(emailOutbox);
    const before = await scrape();
    expect(sample(before, 'email_outbox_emails{state="queued"}')).toBe(0);
    expect(sample(before, "email_outbox_oldest_due_seconds")).toBe(0);

    await enqueueEmail(db, { kind: "VERIFICATION", to: "ada@example.com", message: verificationEmail({ verifyUrl: "https://app.test/verify?token=t" }) });
    const queued = await scrape();
    expect(sample(queued, 'email_outbox_emails{state="queued"}')).toBe(1);
    expect(sample(queued, 'email_outbox_emails{state="sent"}')).toBe(0);
    expect(sample(queued, "email_outbox_oldest_due_seconds")).toBeGreaterThanOrEqual(0);

    expect((await dispatchDueEmails(db, { transport: createMailboxTransport(db) })).sent).toBe(1);
    const sent = await scrape();
    expect(sample(sent, 'email_outbox_emails{state="queued"}')).toBe(0);
    expect(sample(sent, 'email_outbox_emails{state="sent"}')).toBe(1);
    expect(sample(sent, 'email_outbox_emails{state="dead"}')).toBe(0);
    expect(sample(sent, "email_outbox_oldest_due_seconds")).toBe(0);
  });

  it("count an email waiting past its due time in the oldest-due age, and a given-up one as dead", async () => {
    const db = getDb();
    await db.delete(emailOutbox);
    await db.insert(emailOutbox).values([
      { kind: "VERIFICATION", to: "late@example.com", subject: "s", text: "t", nextAttemptAt: new Date(Date.now() - 120_000) },
      { kind: "VERIFICATION", to: "dead@example.com", subject: "s", text: "t", attempts: 10, failedAt: new Date() },
      { kind: "VERIFICATION", to: "retry@example.com", subject: "s", text: "t", attempts: 2, nextAttemptAt: new Date(Date.now() + 60_000) },
    ]);
    const text = await scrape();
    expect(sample(text, "email_outbox_oldest_due_seconds")).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'email_outbox_emails{state="dead"}')).toBe(1);
    expect(sample(text, 'email_outbox_emails{state="failed"}')).toBe(1);
    expect(sample(text, 'email_outbox_emails{state="queued"}')).toBe(1);
  });
});

describe("other counters", () => {
  it("count rate-limit refusals by scope", async () => {
    const db = getDb();
    const limit = { scope: "test:metrics", subject: "someone", limit: 1, windowSeconds: 60 };
    await db.transaction((tx) => consumeRateLimit(tx, limit));
    expect(sample(await scrape(), 'rate_limit_refusals_total{scope="test:metrics"}')).toBeUndefined();
    await db.transaction((tx) => consumeRateLimit(tx, limit));
    await db.transaction((tx) => consumeRateLimit(tx, limit));
    expect(sample(await scrape(), 'rate_limit_refusals_total{scope="test:metrics"}')).toBe(2);
  });

  it("count the page cache's hits and misses it reports", async () => {
    await scrape();
    const hook = (globalThis as Record<symbol, unknown>)[Symbol.for("provider-registry.page-cache-lookup")] as (c: string, r: string) => void;
    hook("listing", "miss");
    hook("listing", "hit");
    hook("listing", "hit");
    const text = await scrape();
    expect(sample(text, 'page_cache_lookups_total{cache="listing",result="hit"}')).toBe(2);
    expect(sample(text, 'page_cache_lookups_total{cache="listing",result="miss"}')).toBe(1);
  });

  it("report the pool's size, and on Postgres the app's connections by state", async () => {
    const text = await scrape();
    const postgres = Boolean(process.env.TEST_DATABASE_URL);
    expect(sample(text, "db_pool_max_connections")).toBe(postgres ? 10 : 1);
    // The scrape's own query is an active connection of the app.
    if (postgres) expect(sample(text, 'db_connections{state="active"}')).toBeGreaterThanOrEqual(1);
    else expect(text).not.toContain("db_connections{");
  });
});
