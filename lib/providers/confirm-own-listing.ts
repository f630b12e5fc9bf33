import type { Db } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { confirmListing } from "@/lib/freshness/confirm-listing";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { getResponsiveness } from "@/lib/provider-core/get-responsiveness";
import { toListing, type Listing } from "./serialize";

/**
 * A provider's OWNER or ADMIN (a person in the studio, or a key) confirms the listing's details are
 * current (POST /provider/studio/listing/confirm): confirmListing, answered as the full listing.
 */
export async function confirmOwnListing(db: Db, params: { providerId: string; caller: Caller; now?: Date }): Promise<Listing> {
  assertCallerCanWrite(params.caller);
  return db.transaction(async (tx) => {
    const row = await confirmListing(tx, { providerId: params.providerId, now: params.now ?? new Date(), actor: params.caller.actor });
    return toListing(row, await getResponsiveness(tx, { providerId: row.id }));
  });
}
