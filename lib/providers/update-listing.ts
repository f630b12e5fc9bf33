import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { getResponsiveness } from "@/lib/provider-core/get-responsiveness";
import { writeListingUpdatedEvent, writeListingVisibilityEvent } from "@/lib/provider-core/listing-webhook-events";
import { confirmedNowColumns } from "@/lib/freshness/confirmed-columns";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { refreshProviderRanks } from "@/lib/ranking/refresh-provider-ranks";
import type { ListingUpdate } from "./schemas";
import { toListing, type Listing } from "./serialize";

/**
 * Applies allowed listing changes; a published listing shows them at once. A successful save confirms
 * the details (confirmed_at = now), which also shows again a listing the freshness clock hid.
 */
export async function updateListing(
  db: Db,
  params: {
    providerId: string;
    changes: ListingUpdate;
    /** A person or key of the provider has their role checked here as well. */
    caller: Caller;
  },
): Promise<Listing> {
  assertCallerCanWrite(params.caller);
  return db.transaction(async (tx) => {
    // What the public saw before: a save also confirms, which shows again a listing the clock hid.
    const [before] = await tx
      .select({ approvalStatus: providers.approvalStatus, publicProfile: providers.publicProfile })
      .from(providers)
      .where(eq(providers.id, params.providerId))
      .for("update");
    const [row] = await tx
      .update(providers)
      // Saving counts as confirming the details are current (extensions §6).
      .set({ ...params.changes, ...confirmedNowColumns(), updatedAt: sql`now()` })
      .where(eq(providers.id, params.providerId))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", "Provider not found.");
    // Completeness is part of the ranking (extensions §5): the score moves with the save.
    await refreshProviderRanks(tx, { now: new Date(), providerIds: [row.id] });
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: row.id,
      action: "listing.updated",
      targetType: "provider",
      targetId: row.id,
      metadata: { fields: Object.keys(params.changes) },
    });
    await writeListingUpdatedEvent(tx, { providerId: row.id, slug: row.slug, changedFields: Object.keys(params.changes) });
    if (before) await writeListingVisibilityEvent(tx, { providerId: row.id, slug: row.slug, before, after: row, reason: "STALE" });
    return toListing(row, await getResponsiveness(tx, { providerId: row.id }));
  });
}
