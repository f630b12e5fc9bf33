import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries } from "@/db/schema";

/** How many of a provider's delivered inquiries are still NEW: the studio navigation's count. */
export async function countNewInquiries(db: Db, params: { providerId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.providerId, params.providerId), eq(inquiries.status, "NEW")));
  return row?.n ?? 0;
}
