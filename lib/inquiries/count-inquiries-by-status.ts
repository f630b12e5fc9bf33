import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { DELIVERED_INQUIRY_STATUSES, type DeliveredInquiryStatus } from "@/db/enums";
import { inquiries } from "@/db/schema";

/**
 * How many of a provider's delivered inquiries have each status, in one grouped query: the studio
 * inbox's tabs. A status with none reads 0. `delivered_at is not null` is said outright so the planner
 * can read the partial index inquiries_provider_status_idx, as countNewInquiries does.
 */
export async function countInquiriesByStatus(
  db: Db,
  params: { providerId: string },
): Promise<Record<DeliveredInquiryStatus, number>> {
  const rows = await db
    .select({ status: inquiries.status, n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.providerId, params.providerId), isNotNull(inquiries.deliveredAt)))
    .groupBy(inquiries.status);
  const counts = Object.fromEntries(DELIVERED_INQUIRY_STATUSES.map((status) => [status, 0])) as Record<DeliveredInquiryStatus, number>;
  for (const row of rows) if (row.status !== "AWAITING_VERIFICATION") counts[row.status] = row.n;
  return counts;
}
