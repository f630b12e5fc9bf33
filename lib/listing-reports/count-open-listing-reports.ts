import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { listingReports } from "@/db/schema-freshness";

/** How many of a provider's reports wait for an answer: the studio navigation's count, on every studio page. */
export async function countOpenListingReports(db: Db, params: { providerId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listingReports)
    .where(and(eq(listingReports.providerId, params.providerId), eq(listingReports.status, "OPEN")));
  return row?.n ?? 0;
}
