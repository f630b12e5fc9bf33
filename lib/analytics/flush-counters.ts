import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { analyticsDailySeen, providerDailyStats } from "@/db/schema-analytics";
import { processAnalyticsCounters, type AnalyticsCounters, type PendingCounts } from "./counters";

/** How often each instance writes its counts; a crash loses at most this long of counting. */
export const ANALYTICS_FLUSH_INTERVAL_MS = 10_000;

// A directory page reports 20 providers at once, so 10 s of a busy day touch thousands of
// provider-days: one statement per row kept a flush running for longer than its own interval
// (bench: 8 000 provider-days), so rows go in batches, each batch one transaction.
const PROVIDER_DAYS_PER_BATCH = 500;
// Three parameters per key, well under Postgres's 65 535 per statement.
const VISITOR_KEYS_PER_STATEMENT = 5_000;

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Adds the pending counts to provider_daily_stats, one row per provider-day that adds to what is there
 * (never overwrites), so any number of instances can flush the same day in any order. The pending
 * visitor keys are written first; each one the day had not seen is one unique visitor, counted in the
 * same transaction as the row, so two instances never count one visitor twice. Counts of a provider
 * deleted since its beacon are dropped with it; counts that fail to write go back for the next flush.
 */
export async function flushAnalyticsCounters(db: Db, params: { counters?: AnalyticsCounters } = {}): Promise<{ providerDays: number }> {
  const counters = params.counters ?? processAnalyticsCounters();
  const pending = counters.take();
  // Fixed order, so two instances' flushes never wait on each other's rows in a cycle.
  pending.sort((a, b) => order(`${a.providerId}|${a.day}`, `${b.providerId}|${b.day}`));
  let done = 0;
  let written = 0;
  try {
    while (done < pending.length) {
      const batch = pending.slice(done, done + PROVIDER_DAYS_PER_BATCH);
      written += await writeBatch(db, batch);
      done += batch.length;
    }
  } catch (error) {
    counters.restore(pending.slice(done));
    throw error;
  }
  return { providerDays: written };
}

async function writeBatch(db: Db, batch: PendingCounts[]): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(batch.map((e) => e.providerId))];
    const existing = new Set((await tx.select({ id: providers.id }).from(providers).where(inArray(providers.id, ids))).map((p) => p.id));
    const live = batch.filter((e) => existing.has(e.providerId));
    if (live.length === 0) return 0;

    const keys = live.flatMap((e) => [...e.visitors].sort(order).map((visitorKey) => ({ day: e.day, providerId: e.providerId, visitorKey })));
    const unique = new Map<string, number>();
    for (let i = 0; i < keys.length; i += VISITOR_KEYS_PER_STATEMENT) {
      const fresh = await tx
        .insert(analyticsDailySeen)
        .values(keys.slice(i, i + VISITOR_KEYS_PER_STATEMENT))
        .onConflictDoNothing()
        .returning({ providerId: analyticsDailySeen.providerId, day: analyticsDailySeen.day });
      for (const row of fresh) unique.set(`${row.providerId}|${row.day}`, (unique.get(`${row.providerId}|${row.day}`) ?? 0) + 1);
    }

    await tx
      .insert(providerDailyStats)
      .values(live.map((e) => ({ providerId: e.providerId, day: e.day, ...e.counts, uniqueVisitors: unique.get(`${e.providerId}|${e.day}`) ?? 0 })))
      .onConflictDoUpdate({
        target: [providerDailyStats.providerId, providerDailyStats.day],
        set: {
          searchAppearances: sql`${providerDailyStats.searchAppearances} + excluded.search_appearances`,
          profileViews: sql`${providerDailyStats.profileViews} + excluded.profile_views`,
          uniqueVisitors: sql`${providerDailyStats.uniqueVisitors} + excluded.unique_visitors`,
          websiteClicks: sql`${providerDailyStats.websiteClicks} + excluded.website_clicks`,
          contactOpens: sql`${providerDailyStats.contactOpens} + excluded.contact_opens`,
        },
      });
    return live.length;
  });
}
