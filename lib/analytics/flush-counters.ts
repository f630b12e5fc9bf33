import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerDailyStats } from "@/db/schema-analytics";
import { processAnalyticsCounters, type AnalyticsCounters } from "./counters";

/** How often each instance writes its counts; a crash loses at most this long of counting. */
export const ANALYTICS_FLUSH_INTERVAL_MS = 10_000;

/**
 * Adds the pending counts to provider_daily_stats, one upsert per provider-day that adds to what is
 * there (never overwrites), so any number of instances can flush the same day in any order. Counts
 * that fail to write go back to the counters for the next flush.
 */
export async function flushAnalyticsCounters(db: Db, params: { counters?: AnalyticsCounters } = {}): Promise<{ providerDays: number }> {
  const counters = params.counters ?? processAnalyticsCounters();
  const pending = counters.take();
  // Fixed order, so two instances' flushes never wait on each other's rows in a cycle.
  pending.sort((a, b) => (a.providerId + a.day).localeCompare(b.providerId + b.day));
  let written = 0;
  try {
    for (const entry of pending) {
      await db
        .insert(providerDailyStats)
        .values({ providerId: entry.providerId, day: entry.day, ...entry.counts })
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
      written += 1;
    }
  } catch (error) {
    counters.restore(pending.slice(written));
    throw error;
  }
  return { providerDays: written };
}
