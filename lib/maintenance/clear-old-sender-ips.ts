import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import type { BatchedDelete } from "./delete-in-batches";

/**
 * How long an inquiry keeps the client IP it was sent from (`inquiries.sender_ip`). The address is
 * there for an admin looking into abuse (the spam list shows it), which is a matter of days; after
 * this many days from the inquiry's creation it is erased, and the inquiry itself stays.
 */
export const SENDER_IP_RETENTION_DAYS = 30;

/**
 * Erases the sender IP of inquiries created SENDER_IP_RETENTION_DAYS (or `retentionDays`) or more days
 * ago, `batchSize` rows at a time, each batch its own statement; rows another transaction holds are
 * skipped (the next run gets them). Nothing else of the row changes. `deleted` counts the addresses erased.
 */
export async function clearOldSenderIps(
  db: Db,
  params: { batchSize: number; maxBatches: number; retentionDays?: number },
): Promise<BatchedDelete> {
  const cutoff = sql`now() - make_interval(days => ${params.retentionDays ?? SENDER_IP_RETENTION_DAYS})`;
  let deleted = 0;
  for (let batch = 0; batch < params.maxBatches; batch++) {
    const rows = await executeRows<{ n: number }>(db, sql`
      with due as (
        select ctid from inquiries where sender_ip is not null and created_at <= ${cutoff}
        limit ${params.batchSize} for update skip locked
      ), cleared as (
        update inquiries set sender_ip = null where ctid in (select ctid from due) returning 1
      )
      select count(*)::int as n from cleared`);
    const n = rows[0]?.n ?? 0;
    deleted += n;
    if (n < params.batchSize) return { deleted, more: false };
  }
  return { deleted, more: true };
}
