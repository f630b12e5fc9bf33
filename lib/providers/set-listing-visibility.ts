import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { getResponsiveness } from "@/lib/provider-core/get-responsiveness";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { confirmedNowColumns } from "@/lib/freshness/confirmed-columns";
import { writeListingVisibilityEvent } from "@/lib/provider-core/listing-webhook-events";
import { lockProvider } from "@/lib/provider-core/lock-provider";
import { refreshProviderRanks } from "@/lib/ranking/refresh-provider-ranks";
import { publishBlocker } from "./listing-completeness";
import { toListing, type Listing } from "./serialize";

interface VisibilityParams {
  providerId: string;
  /** A person or key of the provider has their role checked here as well. */
  caller: Caller;
}

/**
 * Publishing is idempotent: publishedAt is set only on the false -> true transition.
 * With `requireComplete` (the studio), a listing without a headline or description is refused with
 * CONFLICT; the API does not ask for it, because the interface lets any valid key publish.
 */
export async function publishListing(
  db: Db,
  params: VisibilityParams & { requireComplete?: boolean },
): Promise<Listing> {
  return setPublished(db, { ...params, publish: true });
}

export async function unpublishListing(db: Db, params: VisibilityParams): Promise<Listing> {
  return setPublished(db, { ...params, publish: false });
}

async function setPublished(
  db: Db,
  params: VisibilityParams & { publish: boolean; requireComplete?: boolean },
): Promise<Listing> {
  assertCallerCanWrite(params.caller);
  return db.transaction(async (tx) => {
    const current = await lockProvider(tx, params.providerId);
    const responsiveness = await getResponsiveness(tx, { providerId: current.id });
    // The team's own unpublish of a listing the freshness clock hid keeps it unpublished for good: the
    // hidden reason goes, so a later confirm no longer brings it back.
    const clearsStaleHide = !params.publish && current.hiddenReason !== null;
    if (current.publicProfile === params.publish && !clearsStaleHide) return toListing(current, responsiveness);
    // Checked under the row lock, so a concurrent edit cannot empty the listing between check and publish.
    const blocker = params.publish && params.requireComplete ? publishBlocker(current) : null;
    if (blocker) throw new AppError("CONFLICT", blocker);
    const [row] = await tx
      .update(providers)
      .set(
        params.publish
          ? // Publishing confirms the details, and publishes a stale-hidden listing afresh (publishedAt = now).
            { ...confirmedNowColumns(), publicProfile: true, publishedAt: sql`now()`, updatedAt: sql`now()` }
          : { publicProfile: false, hiddenReason: null, staleHiddenAt: null, updatedAt: sql`now()` },
      )
      .where(eq(providers.id, params.providerId))
      .returning();
    // A listing enters the directory with its score (extensions §5), never unranked.
    if (params.publish) await refreshProviderRanks(tx, { now: new Date(), providerIds: [params.providerId] });
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: params.publish ? "listing.published" : "listing.unpublished",
      targetType: "provider",
      targetId: params.providerId,
    });
    await writeListingVisibilityEvent(tx, { providerId: row!.id, slug: row!.slug, before: current, after: row!, reason: "PROVIDER" });
    return toListing(row!, responsiveness);
  });
}
