import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { installedDatabaseHandle, setDatabase } from "@/db";
import { createDatabase, type DatabaseHandle } from "@/db/client";
import { DATABASE_GAUGES_TIMEOUT_MS } from "@/lib/metrics/metrics-text";
import { problemOf } from "@/test/support/http";
import { withEnv } from "@/test/support/env";
import { GET } from "./route";

const TOKEN = "metrics-token-0123456789";

function scrape(authorization?: string): Promise<Response> {
  return GET(new Request("http://localhost/api/metrics", { headers: authorization ? { authorization } : {} }));
}

describe("GET /api/metrics", () => {
  it("is not there without METRICS_TOKEN", async () => {
    const response = await withEnv({ METRICS_TOKEN: undefined }, () => scrape(`Bearer ${TOKEN}`));
    expect(response.status).toBe(404);
    expect((await problemOf(response)).code).toBe("NOT_FOUND");
  });

  it("refuses a request without the token, or with another", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", TOKEN]) {
      const response = await withEnv({ METRICS_TOKEN: TOKEN }, () => scrape(authorization));
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect((await problemOf(response)).code).toBe("UNAUTHENTICATED");
    }
  });

  it("answers the Prometheus text format with the token", async () => {
    const response = await withEnv({ METRICS_TOKEN: TOKEN }, () => scrape(`Bearer ${TOKEN}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    for (const name of ["http_requests_total", "http_request_duration_seconds", "email_outbox_emails", "email_outbox_oldest_due_seconds", "page_cache_lookups_total", "rate_limit_refusals_total", "db_pool_max_connections", "process_cpu_seconds_total"]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });
});

// Issue 25, point 10: while the database is down (or hangs), a scrape still answers the process's own
// metrics, so process and HTTP metrics do not vanish during an outage; the database gauges are left
// out and `db_up` says so.
describe("GET /api/metrics while the database is down", () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  function install(handle: DatabaseHandle): void {
    const real = installedDatabaseHandle();
    if (!real) throw new Error("the test setup installs a database first");
    setDatabase(handle);
    restore = () => setDatabase(real);
  }

  async function scrapeText(): Promise<{ status: number; text: string }> {
    const response = await withEnv({ METRICS_TOKEN: TOKEN }, () => scrape(`Bearer ${TOKEN}`));
    return { status: response.status, text: await response.text() };
  }

  const PROCESS_SERIES = ["process_cpu_seconds_total", "http_requests_total", "http_request_duration_seconds", "db_pool_max_connections"];

  it("answers 200 with the process and HTTP metrics, db_up 0 and no database gauges, then db_up 1 once it is back", async () => {
    // A closed database: every query fails at once (port 1 when no test server is configured).
    const closed = createDatabase({ url: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:1/unreachable", poolMax: 1 });
    await closed.close();
    install(closed);
    const down = await scrapeText();
    expect(down.status).toBe(200);
    for (const name of PROCESS_SERIES) expect(down.text).toContain(`# TYPE ${name} `);
    expect(down.text).toMatch(/^db_up 0$/m);
    for (const name of ["email_outbox_emails", "email_outbox_oldest_due_seconds", "db_connections"]) expect(down.text).not.toContain(`# TYPE ${name} `);

    restore?.();
    restore = undefined;
    const up = await scrapeText();
    expect(up.status).toBe(200);
    expect(up.text).toMatch(/^db_up 1$/m);
    expect(up.text).toMatch(/^email_outbox_emails\{state="queued"\} \d+$/m);
  });

  it("answers without the database gauges when the database does not answer in time", async () => {
    // Accepts connections and never says a word: each query waits for the driver's connect timeout (5 s).
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const hanging = createDatabase({ url: `postgres://postgres@127.0.0.1:${(silent.address() as AddressInfo).port}/silent`, poolMax: 1 });
    install(hanging);
    try {
      const started = performance.now();
      const answer = await scrapeText();
      const seconds = (performance.now() - started) / 1000;
      expect(answer.status).toBe(200);
      expect(answer.text).toMatch(/^db_up 0$/m);
      expect(answer.text).toContain("# TYPE process_cpu_seconds_total ");
      expect(seconds).toBeGreaterThanOrEqual(DATABASE_GAUGES_TIMEOUT_MS / 1000 - 0.1);
      expect(seconds).toBeLessThan(DATABASE_GAUGES_TIMEOUT_MS / 1000 + 1.5);
    } finally {
      silent.close();
      await hanging.close().catch(() => {});
    }
  });
});
