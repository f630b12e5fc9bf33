import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers, type Provider } from "@/db/schema";
import { listingReportEscalations } from "@/db/schema-freshness";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { refreshProviderRanks } from "@/lib/ranking/refresh-provider-ranks";
import { writeListingUpdatedEvent, writeListingVisibilityEvent } from "@/lib/provider-core/listing-webhook-events";
import { lockProvider } from "@/lib/provider-core/lock-provider";

/**
 * Someone of the provider says its details are current (the studio's button, the API, the emailed
 * link): `confirmed_at = now`, which restarts the freshness clock and removes the public label. A
 * listing the clock hid (`hidden_reason = 'STALE'`) is public again at once with its `publishedAt`
 * unchanged; a listing its team unpublished stays unpublished. An open report escalation closes as
 * CONFIRMED, and its rank is recomputed. Suspension still wins: the listing rule needs APPROVED, which this never sets. One
 * transaction; the caller checks who may confirm. Returns the provider as it is now.
 */
export async function confirmListing(db: Db, params: { providerId: string; now: Date; actor: Actor }): Promise<Provider> {
  return db.transaction(async (tx) => {
    const current = await lockProvider(tx, params.providerId);
    const restore = current.hiddenReason === "STALE";
    const [row] = await tx
      .update(providers)
      .set({
        confirmedAt: params.now,
        ...(restore ? { publicProfile: true, hiddenReason: null, staleHiddenAt: null } : {}),
      })
      .where(eq(providers.id, params.providerId))
      .returning();
    await tx
      .update(listingReportEscalations)
      .set({
        closedAt: params.now,
        closedReason: "CONFIRMED",
        closedByUserId: params.actor.type === "USER" ? params.actor.id : null,
      })
      .where(and(eq(listingReportEscalations.providerId, params.providerId), isNull(listingReportEscalations.closedAt)));
    // Freshness is part of the score (extensions §5): the listing ranks as fresh from this moment.
    await refreshProviderRanks(tx, { now: params.now, providerIds: [params.providerId] });
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: params.providerId,
      action: "listing.confirmed",
      targetType: "provider",
      targetId: params.providerId,
      metadata: restore ? { restored: true } : {},
    });
    await writeListingUpdatedEvent(tx, { providerId: row!.id, slug: row!.slug, changedFields: ["confirmedAt"], now: params.now });
    await writeListingVisibilityEvent(tx, { providerId: row!.id, slug: row!.slug, before: current, after: row!, reason: "STALE", now: params.now });
    return row!;
  });
}
