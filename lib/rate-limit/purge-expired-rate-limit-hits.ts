import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";

export const PURGE_BATCH_SIZE = 5_000;
export const PURGE_MAX_BATCHES = 100;

/**
 * Deletes rate-limit hits that no longer count (past their `expires_at`), for every key, in batches
 * of `batchSize`, each its own short statement, so a large backlog never holds locks for long or
 * grows one transaction without bound. Hits a concurrent limit check holds are skipped (the next run
 * gets them). Stops after `maxBatches`; `more` says a backlog is left. consumeRateLimit only drops the
 * expired hits of the key it checks, so keys that never come back need this, run on a schedule.
 */
export async function purgeExpiredRateLimitHits(
  db: Db,
  params: { batchSize?: number; maxBatches?: number } = {},
): Promise<{ deleted: number; more: boolean }> {
  const batchSize = params.batchSize ?? PURGE_BATCH_SIZE;
  const maxBatches = params.maxBatches ?? PURGE_MAX_BATCHES;
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const rows = await executeRows<{ n: number }>(db, sql`
      with doomed as (
        select id from rate_limit_hits where expires_at <= now()
        order by expires_at limit ${batchSize} for update skip locked
      ), gone as (
        delete from rate_limit_hits h using doomed where h.id = doomed.id returning 1
      )
      select count(*)::int as n from gone`);
    const n = rows[0]?.n ?? 0;
    deleted += n;
    if (n < batchSize) return { deleted, more: false };
  }
  return { deleted, more: true };
}
