import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { analyticsDailySeen, analyticsSalts, providerDailyStats } from "@/db/schema-analytics";
import { makeProvider } from "@/test/support/factories";
import { AnalyticsCounters } from "./counters";
import { flushAnalyticsCounters } from "./flush-counters";
import { purgeAnalytics } from "./purge-analytics";
import { recordBeacon, type BeaconParams } from "./record-beacon";

const VISITOR = {
  secFetchSite: "same-origin",
  purpose: null,
  sessionToken: null,
  userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  acceptLanguage: "fr-FR,fr;q=0.9",
} satisfies Partial<BeaconParams>;

async function statsRows(providerId: string) {
  return getDb()
    .select({ day: providerDailyStats.day, profileViews: providerDailyStats.profileViews, uniqueVisitors: providerDailyStats.uniqueVisitors })
    .from(providerDailyStats)
    .where(eq(providerDailyStats.providerId, providerId))
    .orderBy(providerDailyStats.day);
}

describe("recordBeacon and the flush", () => {
  it("counts one visitor's 5 profile views in a day as 5 views and 1 unique, and a new unique the next UTC day", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { slug: "analytics-same-visitor" });
    const counters = new AnalyticsCounters();
    const view = (now: Date, clientIp: string) =>
      recordBeacon(db, { ...VISITOR, clientIp, event: { type: "profile_view", slug: provider.slug }, now, counters });
    // Another address in the same /24 is the same visitor; the key holds the network, not the address.
    for (const [i, ip] of ["192.0.2.10", "192.0.2.11", "192.0.2.12", "192.0.2.13", "192.0.2.14"].entries()) {
      expect(await view(new Date(`2026-11-03T23:5${i}:00Z`), ip)).toBe("counted");
    }
    expect(await view(new Date("2026-11-04T00:01:00Z"), "192.0.2.10")).toBe("counted");
    await flushAnalyticsCounters(db, { counters });
    expect(await statsRows(provider.id)).toEqual([
      { day: "2026-11-03", profileViews: 5, uniqueVisitors: 1 },
      { day: "2026-11-04", profileViews: 1, uniqueVisitors: 1 },
    ]);
    // The key is a 64-hex HMAC: no address, no user agent.
    const keys = await db.select().from(analyticsDailySeen).where(eq(analyticsDailySeen.providerId, provider.id));
    expect(keys).toHaveLength(2);
    for (const { visitorKey } of keys) expect(visitorKey).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(keys.map((k) => k.visitorKey)).size).toBe(2);
  });

  it("adds, never overwrites, when two instances flush counts for the same provider-day, and counts a visitor both saw once", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { slug: "analytics-two-instances" });
    const [first, second] = [new AnalyticsCounters(), new AnalyticsCounters()];
    first.add(provider.id, "2026-11-05", "profileViews", 7);
    first.addVisitor(provider.id, "2026-11-05", "visitor-on-both");
    second.add(provider.id, "2026-11-05", "profileViews", 5);
    second.addVisitor(provider.id, "2026-11-05", "visitor-on-both");
    second.addVisitor(provider.id, "2026-11-05", "visitor-on-second");
    await Promise.all([flushAnalyticsCounters(db, { counters: first }), flushAnalyticsCounters(db, { counters: second })]);
    first.add(provider.id, "2026-11-05", "profileViews", 1);
    first.addVisitor(provider.id, "2026-11-05", "visitor-on-second");
    await flushAnalyticsCounters(db, { counters: first });
    expect(await statsRows(provider.id)).toEqual([{ day: "2026-11-05", profileViews: 13, uniqueVisitors: 2 }]);
    expect(first.size + second.size).toBe(0);
  });

  it("writes a flush of thousands of provider-days in batches, and drops the counts of a provider deleted since its beacon", async () => {
    const db = getDb();
    const kept = await makeProvider(db, { slug: "analytics-kept" });
    const gone = await makeProvider(db, { slug: "analytics-deleted" });
    const counters = new AnalyticsCounters();
    // 1 200 days of one provider: three batches, the deleted provider's day among them.
    const start = Date.UTC(2025, 0, 1);
    const days = Array.from({ length: 1_200 }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
    for (const day of days) {
      counters.add(kept.id, day, "searchAppearances", 2);
      counters.addVisitor(kept.id, day, `visitor-${day}`);
    }
    counters.add(gone.id, "2026-11-05", "websiteClicks", 4);
    counters.addVisitor(gone.id, "2026-11-05", "visitor-of-deleted");
    await db.delete(providers).where(eq(providers.id, gone.id));

    expect(await flushAnalyticsCounters(db, { counters })).toEqual({ providerDays: 1_200 });
    const [totals] = await db
      .select({ rows: sql<number>`count(*)::int`, search: sql<number>`sum(${providerDailyStats.searchAppearances})::int`, unique: sql<number>`sum(${providerDailyStats.uniqueVisitors})::int` })
      .from(providerDailyStats)
      .where(eq(providerDailyStats.providerId, kept.id));
    expect(totals).toEqual({ rows: 1_200, search: 2_400, unique: 1_200 });
    expect(counters.size).toBe(0);
  });

  it("deletes salts and visitor keys older than 2 days, and daily counts older than 25 months, in the maintenance purge", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { slug: "analytics-retention" });
    const now = new Date("2026-11-27T12:00:00Z");
    for (const day of ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"]) {
      await db.insert(analyticsSalts).values({ day, salt: "c2FsdA==" }).onConflictDoNothing();
      await db.insert(analyticsDailySeen).values({ day, providerId: provider.id, visitorKey: `key-${day}` });
    }
    for (const day of ["2024-10-26", "2024-10-27", "2026-11-01"]) {
      await db.insert(providerDailyStats).values({ providerId: provider.id, day, profileViews: 1 });
    }
    const purged = await purgeAnalytics(db, { now });
    expect(purged).toMatchObject({ dailyStats: 1 });
    const salts = await db.select({ day: analyticsSalts.day }).from(analyticsSalts).orderBy(analyticsSalts.day);
    expect(salts.map((s) => s.day)).toEqual(["2026-11-26", "2026-11-27"]);
    const seen = await db.select({ day: analyticsDailySeen.day }).from(analyticsDailySeen).where(eq(analyticsDailySeen.providerId, provider.id));
    expect(seen.map((s) => s.day).sort()).toEqual(["2026-11-26", "2026-11-27"]);
    expect((await statsRows(provider.id)).map((r) => r.day)).toEqual(["2024-10-27", "2026-11-01"]);
  });

  it("keeps the counts and visitor keys a failed flush could not write, for the next flush", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { slug: "analytics-failed-flush" });
    const counters = new AnalyticsCounters();
    // More than an integer column holds: Postgres refuses the row, and with it the whole batch.
    counters.add(provider.id, "2026-11-06", "websiteClicks", 3_000_000_000);
    counters.addVisitor(provider.id, "2026-11-06", "visitor-kept");
    await expect(flushAnalyticsCounters(db, { counters })).rejects.toThrow();
    expect(counters.take()).toEqual([
      { providerId: provider.id, day: "2026-11-06", counts: expect.objectContaining({ websiteClicks: 3_000_000_000 }), visitors: new Set(["visitor-kept"]) },
    ]);
    // The batch rolled back whole: the visitor key was not written, so the next flush still counts it.
    expect(await db.select().from(analyticsDailySeen).where(eq(analyticsDailySeen.providerId, provider.id))).toEqual([]);
  });
});
