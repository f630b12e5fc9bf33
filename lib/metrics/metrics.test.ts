import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import client from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { createDatabase, executeRows, type DatabaseHandle } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import { dispatchDueEmails } from "@/lib/email/dispatcher";
import { enqueueEmail } from "@/lib/email/outbox";
import { verificationEmail } from "@/lib/applications/emails";
import { createMailboxTransport } from "@/lib/email/transports";
import { installServerHooks } from "@/lib/http/server-hooks";
import { log } from "@/lib/config/log";
import { outsideRequest } from "@/lib/config/request-context";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { countingDb } from "@/test/support/counting-db";
import { createTestDatabase } from "@/test/support/database";
import { captureLog } from "@/test/support/log-capture";
import { createPostgresDatabase } from "@/test/support/database";
import { postgresOnlyTest } from "@/test/support/races";
import { registerDatabaseGauges, registerPoolGauges } from "./database-gauges";
import { recordHttpRequest } from "./http-metrics";
import { metricsText } from "./metrics-text";
import { routeLabel } from "./route-label";

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

/** The process's registry lives as long as the process: each test measures what it adds to it. */
async function counts(series: string[]): Promise<() => Promise<Record<string, number>>> {
  const read = async () => {
    const text = await scrape();
    return Object.fromEntries(series.map((s) => [s, sample(text, s) ?? 0]));
  };
  const before = await read();
  return async () => {
    const after = await read();
    return Object.fromEntries(series.map((s) => [s, after[s]! - before[s]!]));
  };
}

let server: http.Server;
let base: string;

beforeAll(async () => {
  // The routes a build would list, as Next.js writes them. The server reads the build's manifest
  // (.next/routes-manifest.json under its working directory) once, at its first request: here the
  // working directory is a folder of ours for that moment.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "routes-"));
  fs.mkdirSync(path.join(dir, ".next"));
  fs.writeFileSync(
    path.join(dir, ".next", "routes-manifest.json"),
    JSON.stringify({
      staticRoutes: [{ page: "/providers", regex: "^/providers(?:/)?$" }],
      dynamicRoutes: [{ page: "/providers/[slug]", regex: "^/providers/([^/]+?)(?:/)?$" }],
    }),
  );
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    expect(routeLabel("/providers/acme")).toBe("/providers/[slug]");
  } finally {
    process.chdir(cwd);
  }
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

describe("HTTP metrics", () => {
  it("count each answer by route pattern and status, with its duration", async () => {
    const slug200 = 'http_requests_total{method="GET",route="/providers/[slug]",status="200"}';
    const added = await counts([
      slug200,
      'http_requests_total{method="GET",route="/providers/[slug]",status="404"}',
      'http_requests_total{method="GET",route="/providers",status="200"}',
      'http_request_duration_seconds_count{method="GET",route="/providers/[slug]"}',
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/providers/[slug]"}',
    ]);
    for (const slug of ["acme", "globex", "missing"]) await get(`${base}/providers/${slug}?view=x`);
    expect(await get(`${base}/providers`)).toBe(200);
    // The counters move when the connection is done with the answer, just after the client has it.
    await expect.poll(async () => (await added())[slug200]).toBe(2);
    expect(Object.values(await added())).toEqual([2, 1, 1, 3, 3]);
    expect(await scrape()).not.toContain("acme");
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
    const added = await counts(['rate_limit_refusals_total{scope="test:metrics"}']);
    await db.transaction((tx) => consumeRateLimit(tx, limit));
    expect(Object.values(await added())).toEqual([0]);
    await db.transaction((tx) => consumeRateLimit(tx, limit));
    await db.transaction((tx) => consumeRateLimit(tx, limit));
    expect(Object.values(await added())).toEqual([2]);
  });

  it("count the page cache's hits and misses it reports", async () => {
    const added = await counts(['page_cache_lookups_total{cache="listing",result="hit"}', 'page_cache_lookups_total{cache="listing",result="miss"}']);
    const hook = (globalThis as Record<symbol, unknown>)[Symbol.for("provider-registry.page-cache-lookup")] as (c: string, r: string) => void;
    hook("listing", "miss");
    hook("listing", "hit");
    hook("listing", "hit");
    expect(Object.values(await added())).toEqual([2, 1]);
  });

  it("report the pool's size, and on Postgres the app's connections by state", async () => {
    const text = await scrape();
    const postgres = Boolean(process.env.TEST_DATABASE_URL);
    // The process's own database: the test database's pool (test/support/database.ts) or PGlite's one connection.
    expect(sample(text, "db_pool_max_connections")).toBe(postgres ? 20 : 1);
    for (const gauge of ["db_pool_queries_in_flight", "db_pool_connections_in_use", "db_pool_queries_waiting"]) {
      expect(sample(text, gauge), gauge).toBeGreaterThanOrEqual(0);
    }
    // The scrape's own query is an active connection of the app.
    if (postgres) expect(sample(text, 'db_connections{state="active"}')).toBeGreaterThanOrEqual(1);
    else expect(text).not.toContain("db_connections{");
  });
});

describe("database gauges", () => {
  it("read the outbox once per scrape for both outbox gauges", async () => {
    const counted = countingDb(getDb());
    const registry = new client.Registry();
    registerDatabaseGauges(registry, { db: async () => counted.db, kind: () => "pglite" });
    const text = await registry.metrics();
    expect(text).toContain("email_outbox_oldest_due_seconds ");
    expect(counted.statements.filter((s) => s.includes("email_outbox"))).toHaveLength(1);
  });

  // Issue 25, point 10: pg_stat_activity lists every database of the server, and every app and test
  // database on it names its pool connections the same. A database of its own, with one connection:
  // the scrape's own query is all this application has there.
  it("count this application's connections to its own database only, not the server's", postgresOnlyTest, async () => {
    const own = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, { poolMax: 1 });
    // Elsewhere on the server, connections named like the app's: the test database's own pool.
    await Promise.all(Array.from({ length: 3 }, () => getDb().transaction(async (tx) => void (await tx.execute(sql`select pg_sleep(0.05)`)))));
    try {
      const registry = new client.Registry();
      registerDatabaseGauges(registry, { db: async () => own.handle.db, kind: () => "postgres" });
      const text = await registry.getSingleMetricAsString("db_connections");
      const samples = text.split("\n").filter((l) => l.startsWith("db_connections{"));
      expect(samples).toEqual(['db_connections{state="active"} 1']);
    } finally {
      await own.dispose();
    }
  });

  it("follow this instance's pool: in flight, in use and waiting move with the work and come back to 0", async () => {
    // A database of its own, with a pool of 2 on Postgres (PGlite has one connection), so the gauges'
    // own scrapes never queue behind the work they measure.
    let handle: DatabaseHandle;
    if (process.env.TEST_DATABASE_URL) {
      const [row] = await executeRows<{ name: string }>(getDb(), sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${row!.name}`;
      handle = createDatabase({ url: url.toString(), poolMax: 2 });
    } else {
      handle = (await createTestDatabase()).handle;
    }
    const registry = new client.Registry();
    registerPoolGauges(registry, () => handle.poolUsage?.());
    const gauges = ["db_pool_max_connections", "db_pool_queries_in_flight", "db_pool_connections_in_use", "db_pool_queries_waiting"];
    const pool = async () => {
      const values: number[] = [];
      for (const name of gauges) values.push(sample(await registry.getSingleMetricAsString(name), name) ?? -1);
      return values;
    };
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    try {
      const max = handle.kind === "postgres" ? 2 : 1;
      expect(await pool()).toEqual([max, 0, 0, 0]);

      // Every connection held by a transaction that waits for us, then two plain statements behind them.
      let holding = 0;
      const transactions = Array.from({ length: max }, () =>
        handle.db.transaction(async (tx) => {
          holding += 1;
          await gate;
          await tx.execute(sql`select 1`);
        }),
      );
      let statementsDone = 0;
      const statements = Array.from({ length: 2 }, () => handle.db.execute(sql`select 1`).then(() => (statementsDone += 1)));
      await expect.poll(() => holding).toBe(max);
      expect(await pool()).toEqual([max, max + 2, max, 2]);
      expect(statementsDone).toBe(0);

      open();
      await Promise.all([...transactions, ...statements]);
      expect(statementsDone).toBe(2);
      expect(await pool()).toEqual([max, 0, 0, 0]);
    } finally {
      open();
      await handle.close();
    }
  });
});
