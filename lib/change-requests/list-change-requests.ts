import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerChangeRequests } from "@/db/schema";
import { toChangeRequest, type ChangeRequest } from "./create-change-request";

const RECENT_LIMIT = 5;

/** The provider's open name/slug requests, and its last few closed ones with the admin's note. */
export async function listChangeRequests(
  db: Db,
  params: { providerId: string; recentLimit?: number },
): Promise<{ pending: ChangeRequest[]; recent: ChangeRequest[] }> {
  const ofProvider = eq(providerChangeRequests.providerId, params.providerId);
  const pending = await db
    .select()
    .from(providerChangeRequests)
    .where(and(ofProvider, eq(providerChangeRequests.status, "PENDING")))
    .orderBy(providerChangeRequests.createdAt);
  const recent = await db
    .select()
    .from(providerChangeRequests)
    .where(and(ofProvider, ne(providerChangeRequests.status, "PENDING")))
    .orderBy(desc(sql`coalesce(${providerChangeRequests.decidedAt}, ${providerChangeRequests.createdAt})`), desc(providerChangeRequests.id))
    .limit(params.recentLimit ?? RECENT_LIMIT);
  return { pending: pending.map(toChangeRequest), recent: recent.map(toChangeRequest) };
}
