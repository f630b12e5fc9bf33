import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { Provider } from "@/db/schema";
import { listingReports } from "@/db/schema-freshness";
import { withEnv } from "@/test/support/env";
import { RATE_LIMITED_DETAIL } from "@/lib/rate-limit/rate-limited-error";
import { makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { peerAddressHeaders } from "@/test/support/peer-address";
import { raceTest } from "@/test/support/races";
import { unchangedBy } from "@/test/support/snapshot";
import { startStubServer } from "@/test/support/stub-server";
import { GET, POST } from "./route";

const submit = (slug: string, body: unknown, headers?: Record<string, string>) =>
  call(POST, `/api/public/studio/providers/${slug}/reports`, { json: body, headers, params: { slug } });

let ip = 0;
/** A client of its own for each test, so the hourly limit of one never touches another. */
const freshClient = () => peerAddressHeaders(`198.51.100.${++ip}`);

async function reportsOf(providerId: string) {
  return getDb().select().from(listingReports).where(eq(listingReports.providerId, providerId));
}

let provider: Provider;
beforeAll(async () => {
  provider = await makeProvider(getDb(), { name: "Northwind Studio" });
});

describe("POST /api/public/studio/providers/:slug/reports", () => {
  it("accepts a report with 202 and stores it OPEN with a hash of the client, never the address", async () => {
    const client = freshClient();
    const response = await submit(
      provider.slug,
      { category: "WRONG_FACTS", fields: ["city", "teamSize"], note: "They moved to Lisbon last year.", email: " Ada@Example.com " },
      client,
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ success: true });
    const [row] = await reportsOf(provider.id);
    expect(row).toMatchObject({
      category: "WRONG_FACTS",
      fields: ["city", "teamSize"],
      note: "They moved to Lisbon last year.",
      reporterEmail: "ada@example.com",
      status: "OPEN",
      resolution: null,
      system: false,
      digestedAt: null,
    });
    expect(row!.reporterKey).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.reporterKey).not.toContain("198.51.100");
  });

  it("requires a note of 10 to 1000 characters for WRONG_FACTS and OTHER, but not for the other categories", async () => {
    const client = freshClient();
    for (const body of [
      { category: "WRONG_FACTS" },
      { category: "OTHER", note: "too short" },
      { category: "WEBSITE_BROKEN", note: "x".repeat(1001) },
      { category: "NOT_A_CATEGORY" },
      { category: "WEBSITE_BROKEN", fields: ["password"] },
    ]) {
      const response = await submit(provider.slug, body, client);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await problemOf(response)).code).toBe("VALIDATION_FAILED");
    }
    expect((await submit(provider.slug, { category: "WEBSITE_BROKEN" }, client)).status).toBe(202);
  });

  it("answers 404 for a provider the public cannot see, and stores nothing", async () => {
    const hidden = await makeProvider(getDb(), { publicProfile: false });
    const response = await submit(hidden.slug, { category: "OUT_OF_BUSINESS" }, freshClient());
    expect(response.status).toBe(404);
    expect(await reportsOf(hidden.id)).toEqual([]);
    expect((await submit("no-such-provider", { category: "OUT_OF_BUSINESS" }, freshClient())).status).toBe(404);
  });

  it("answers a repeat of one client, provider and category within 30 days with 202 and counts nothing", async () => {
    await withEnv({ REPORT_IP_LIMIT: "2" }, async () => {
      const target = await makeProvider(getDb());
      const client = freshClient();
      expect((await submit(target.slug, { category: "CONTACT_FAILS" }, client)).status).toBe(202);
      // Not a row of any table changes, the rate-limit hits included.
      await unchangedBy(getDb(), async () => {
        for (let i = 0; i < 5; i++) expect((await submit(target.slug, { category: "CONTACT_FAILS" }, client)).status).toBe(202);
      });
      // The repeats used none of the hourly allowance: a second category still fits.
      expect((await submit(target.slug, { category: "OUT_OF_BUSINESS" }, client)).status).toBe(202);
      expect(await reportsOf(target.id)).toHaveLength(2);
      // Another client's report of the same category counts as its own.
      expect((await submit(target.slug, { category: "CONTACT_FAILS" }, freshClient())).status).toBe(202);
      expect(await reportsOf(target.id)).toHaveLength(3);
    });
  });

  it("counts a repeat again once 30 days have passed since the first", async () => {
    const target = await makeProvider(getDb());
    const client = freshClient();
    expect((await submit(target.slug, { category: "WEBSITE_BROKEN" }, client)).status).toBe(202);
    await getDb()
      .update(listingReports)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(listingReports.providerId, target.id));
    expect((await submit(target.slug, { category: "WEBSITE_BROKEN" }, client)).status).toBe(202);
    expect(await reportsOf(target.id)).toHaveLength(2);
  });

  it("limits reports per client IP per hour with REPORT_IP_LIMIT, with Retry-After and the neutral detail", async () => {
    await withEnv({ REPORT_IP_LIMIT: "2" }, async () => {
      const others = await Promise.all(Array.from({ length: 3 }, () => makeProvider(getDb())));
      const client = freshClient();
      expect((await submit(others[0]!.slug, { category: "WEBSITE_BROKEN" }, client)).status).toBe(202);
      expect((await submit(others[1]!.slug, { category: "WEBSITE_BROKEN" }, client)).status).toBe(202);
      const third = await submit(others[2]!.slug, { category: "WEBSITE_BROKEN" }, client);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await problemOf(third)).detail).toBe(RATE_LIMITED_DETAIL);
      expect(await reportsOf(others[2]!.id)).toEqual([]);
      expect((await submit(others[2]!.slug, { category: "WEBSITE_BROKEN" }, freshClient())).status).toBe(202);
    });
  });

  it("stores exactly 1 of 20 simultaneous identical reports from one client, all answered 202", raceTest, async () => {
    const target = await makeProvider(getDb());
    const client = freshClient();
    const responses = await Promise.all(Array.from({ length: 20 }, () => submit(target.slug, { category: "OUT_OF_BUSINESS" }, client)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(202));
    expect(await reportsOf(target.id)).toHaveLength(1);
  });

  it("admits exactly REPORT_IP_LIMIT of 20 simultaneous reports from one client to 20 providers", raceTest, async () => {
    await withEnv({ REPORT_IP_LIMIT: "4" }, async () => {
      const others = await Promise.all(Array.from({ length: 20 }, () => makeProvider(getDb())));
      const client = freshClient();
      const responses = await Promise.all(others.map((other) => submit(other.slug, { category: "CONTACT_FAILS" }, client)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 202)).toHaveLength(4);
      expect(statuses.filter((s) => s === 429)).toHaveLength(16);
      const [stored] = await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(listingReports)
        .where(sql`${listingReports.providerId} in (${sql.join(others.map((o) => sql`${o.id}::uuid`), sql`, `)})`);
      expect(stored!.n).toBe(4);
    });
  });

  it("answers other methods with 405 and Allow: POST", async () => {
    const response = await call(GET, `/api/public/studio/providers/${provider.slug}/reports`, { params: { slug: provider.slug } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("POST");
  });
});

describe("POST /api/public/studio/providers/:slug/reports with CAPTCHA configured", () => {
  let siteverify: Awaited<ReturnType<typeof startStubServer>>;
  beforeAll(async () => {
    siteverify = await startStubServer((req) => {
      const token = new URLSearchParams(req.body).get("response");
      return { status: 200, json: { success: token === "XXXX.DUMMY.TOKEN.XXXX", "error-codes": [] } };
    });
  });
  afterAll(() => siteverify.close());
  const captchaEnv = () => ({ TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA", TURNSTILE_VERIFY_URL: siteverify.url });

  it("refuses a missing or rejected token with 400 CAPTCHA_FAILED and stores nothing; accepts a good one", async () => {
    await withEnv(captchaEnv(), async () => {
      const target = await makeProvider(getDb());
      for (const token of [undefined, "forged"]) {
        const response = await submit(target.slug, { category: "WEBSITE_BROKEN", turnstileToken: token }, freshClient());
        expect(response.status).toBe(400);
        expect((await problemOf(response)).code).toBe("CAPTCHA_FAILED");
      }
      expect(await reportsOf(target.id)).toEqual([]);
      const accepted = await submit(target.slug, { category: "WEBSITE_BROKEN", turnstileToken: "XXXX.DUMMY.TOKEN.XXXX" }, freshClient());
      expect(accepted.status).toBe(202);
    });
  });
});
