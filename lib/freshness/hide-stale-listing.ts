import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditEvents, providers } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit-event";
import { writeListingVisibilityEvent } from "@/lib/provider-core/listing-webhook-events";

/** Who hides a listing for staleness: the freshness clock or a report escalation, never a person. */
export const FRESHNESS_ACTOR: Actor = { type: "SYSTEM", id: null, label: "registry (details not confirmed)" };

/**
 * Hides a published listing until the provider confirms its details: `public_profile = false` with
 * `hidden_reason = 'STALE'`, so it leaves every public list, count, facet and the sitemap through the
 * one listing rule (lib/provider-core/public-visibility.ts) and its profile answers 404. `publishedAt`
 * stays, so confirming restores it as it was. A listing that is not published (the provider's own
 * choice) or already hidden is left alone. Returns whether it hid it; runs in the given transaction.
 */
export async function hideStaleListing(
  db: Db,
  params: { providerId: string; now: Date; reason?: string; actor?: Actor },
): Promise<boolean> {
  const hidden = await hideStaleListings(db, { ...params, providerIds: [params.providerId] });
  return hidden.length > 0;
}

/**
 * The same for many providers in two statements (the freshness sweep's batch); `confirmedBefore`
 * leaves a listing confirmed since the caller chose it. Returns the ids it hid.
 */
export async function hideStaleListings(
  db: Db,
  params: { providerIds: string[]; now: Date; reason?: string; actor?: Actor; confirmedBefore?: Date },
): Promise<string[]> {
  if (params.providerIds.length === 0) return [];
  const conditions = [inArray(providers.id, params.providerIds), eq(providers.publicProfile, true), isNull(providers.hiddenReason)];
  // Re-read under the row lock: a confirmation that committed meanwhile moved confirmed_at past it.
  if (params.confirmedBefore) conditions.push(lte(providers.confirmedAt, params.confirmedBefore));
  const hidden = await db
    .update(providers)
    .set({ publicProfile: false, hiddenReason: "STALE", staleHiddenAt: params.now })
    .where(and(...conditions))
    .returning({ id: providers.id, slug: providers.slug, approvalStatus: providers.approvalStatus });
  if (hidden.length === 0) return [];
  const actor = params.actor ?? FRESHNESS_ACTOR;
  await db.insert(auditEvents).values(
    hidden.map((h) => ({
      providerId: h.id,
      actorType: actor.type,
      actorId: actor.id,
      actorLabel: actor.label,
      action: "listing.hidden_stale",
      targetType: "provider",
      targetId: h.id,
      metadata: params.reason ? { reason: params.reason } : {},
    })),
  );
  for (const h of hidden) {
    // A suspended listing was not public: hiding it changes nothing anyone sees, so no event.
    await writeListingVisibilityEvent(db, {
      providerId: h.id,
      slug: h.slug,
      before: { approvalStatus: h.approvalStatus, publicProfile: true },
      after: { approvalStatus: h.approvalStatus, publicProfile: false, publishedAt: null },
      reason: "STALE",
      now: params.now,
    });
  }
  return hidden.map((h) => h.id);
}
