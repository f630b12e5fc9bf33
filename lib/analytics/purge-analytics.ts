import { lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { analyticsDailySeen, analyticsSalts, providerDailyStats } from "@/db/schema-analytics";
import { ANALYTICS_RETENTION_MONTHS } from "./get-provider-analytics";
import { addDays, monthsBefore, utcDay } from "./utc-day";

/** Salts and visitor keys are kept this many days: today's and yesterday's, nothing older. */
export const VISITOR_KEY_RETENTION_DAYS = 2;

/**
 * Analytics retention (extensions §7): the day salts and the seen visitor keys of days more than 2
 * days old (after which no key can be recomputed or matched), and daily counts older than 25 months.
 */
export async function purgeAnalytics(tx: Db, params: { now: Date }): Promise<{ salts: number; seenKeys: number; dailyStats: number }> {
  const today = utcDay(params.now);
  const keysBefore = addDays(today, -(VISITOR_KEY_RETENTION_DAYS - 1));
  const salts = await tx.delete(analyticsSalts).where(lt(analyticsSalts.day, keysBefore)).returning({ day: analyticsSalts.day });
  const seen = await tx.delete(analyticsDailySeen).where(lt(analyticsDailySeen.day, keysBefore)).returning({ day: analyticsDailySeen.day });
  const stats = await tx
    .delete(providerDailyStats)
    .where(lt(providerDailyStats.day, monthsBefore(today, ANALYTICS_RETENTION_MONTHS)))
    .returning({ day: providerDailyStats.day });
  return { salts: salts.length, seenKeys: seen.length, dailyStats: stats.length };
}
