import { and, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerNotices } from "@/db/schema-reviews";

/**
 * Marks notices whose endsAt passed as removed at endsAt by the system, in one statement: the notices
 * trigger bumps the listing version, so cached profiles drop them. Idempotent: a marked notice is
 * not marked again.
 */
export async function expireProviderNotices(tx: Db, params: { now: Date }): Promise<{ noticesEnded: number }> {
  const ended = await tx
    .update(providerNotices)
    .set({ removedAt: sql`${providerNotices.endsAt}`, removedBy: "system" })
    .where(and(isNull(providerNotices.removedAt), lte(providerNotices.endsAt, params.now)))
    .returning({ id: providerNotices.id });
  return { noticesEnded: ended.length };
}
