import { and, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries } from "@/db/schema";

export interface InquiryCounts {
  delivered: number;
  new: number;
  spam: number;
}

/** Delivered inquiries per provider, with how many are new and spam: the admin's providers page. */
export async function countInquiriesByProvider(db: Db, params: { providerIds: string[] }): Promise<Map<string, InquiryCounts>> {
  const out = new Map<string, InquiryCounts>();
  if (params.providerIds.length === 0) return out;
  const rows = await db
    .select({
      providerId: inquiries.providerId,
      delivered: sql<number>`count(*)::int`,
      new: sql<number>`count(*) filter (where ${inquiries.status} = 'NEW')::int`,
      spam: sql<number>`count(*) filter (where ${inquiries.status} = 'SPAM')::int`,
    })
    .from(inquiries)
    .where(and(inArray(inquiries.providerId, params.providerIds), isNotNull(inquiries.deliveredAt)))
    .groupBy(inquiries.providerId);
  for (const row of rows) out.set(row.providerId, { delivered: row.delivered, new: row.new, spam: row.spam });
  return out;
}
