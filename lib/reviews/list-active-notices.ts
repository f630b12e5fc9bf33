import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ProviderNoticeKind } from "@/db/enums";
import { providers } from "@/db/schema";
import { providerNotices } from "@/db/schema-reviews";

export interface ActiveNotice {
  id: string;
  providerName: string;
  providerSlug: string;
  kind: ProviderNoticeKind;
  body: string;
  createdAt: Date;
  endsAt: Date;
}

/** Notices shown now (not removed, not ended), the soonest to end first: the admin's Notices section. */
export async function listActiveNotices(db: Db, params: { now: Date; limit: number }): Promise<ActiveNotice[]> {
  return db
    .select({
      id: providerNotices.id,
      providerName: providers.name,
      providerSlug: providers.slug,
      kind: providerNotices.kind,
      body: providerNotices.body,
      createdAt: providerNotices.createdAt,
      endsAt: providerNotices.endsAt,
    })
    .from(providerNotices)
    .innerJoin(providers, eq(providers.id, providerNotices.providerId))
    .where(and(isNull(providerNotices.removedAt), gt(providerNotices.endsAt, params.now)))
    .orderBy(asc(providerNotices.endsAt), asc(providerNotices.id))
    .limit(params.limit);
}
