import { sql } from "drizzle-orm";
import { providers } from "@/db/schema";

/**
 * The columns every write that counts as confirming the details sets, spread into its own UPDATE
 * (a listing edit, a publish, an approved name or slug change): `confirmed_at = now()`, and a listing
 * the freshness clock hid is published again (its `published_at` untouched). A listing its team
 * unpublished has no hidden reason, so it stays as it is. See confirmListing for the explicit confirm.
 */
export function confirmedNowColumns() {
  return {
    confirmedAt: sql`now()`,
    publicProfile: sql`case when ${providers.hiddenReason} = 'STALE' then true else ${providers.publicProfile} end`,
    hiddenReason: null,
    staleHiddenAt: null,
  };
}
