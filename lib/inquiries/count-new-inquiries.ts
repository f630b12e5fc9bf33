import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries } from "@/db/schema";

/**
 * How many of a provider's delivered inquiries are still NEW: the studio navigation's count, on every
 * studio page. `delivered_at is not null` is implied by NEW but said outright, so the planner can use
 * the partial index inquiries_provider_status_idx (an index-only scan; docs/decisions/inquiries.md shows the plan).
 */
export async function countNewInquiries(db: Db, params: { providerId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.providerId, params.providerId), eq(inquiries.status, "NEW"), isNotNull(inquiries.deliveredAt)));
  return row?.n ?? 0;
}
