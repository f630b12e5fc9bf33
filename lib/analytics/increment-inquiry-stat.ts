import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerDailyStats } from "@/db/schema-analytics";

type InquiryStat = "inquiriesSubmitted" | "inquiriesDelivered" | "inquiriesAnswered";

/**
 * +1 to an inquiry count of the provider's current UTC day, in the caller's transaction (the one that
 * submits, delivers or first answers the inquiry), so the count commits or rolls back with it. The
 * day is the transaction's now(), the moment the inquiry's own timestamp records.
 */
export async function incrementInquiryStat(tx: Db, params: { providerId: string; stat: InquiryStat }): Promise<void> {
  const column = providerDailyStats[params.stat];
  await tx
    .insert(providerDailyStats)
    .values({ providerId: params.providerId, day: sql`(now() at time zone 'utc')::date`, [params.stat]: 1 })
    .onConflictDoUpdate({
      target: [providerDailyStats.providerId, providerDailyStats.day],
      set: { [params.stat]: sql`${column} + 1` },
    });
}
