import { describe, expect, it } from "vitest";
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
