import type { Db } from "@/db/client";
import type { Actor } from "@/lib/audit/record-audit-event";

// The two effects reports have on a listing's freshness, owned by lib/freshness (confirmListing and
// hideStaleListing): FIXED confirms the listing; an escalation past its deadline hides it as STALE.
// PLACEHOLDER until lib/freshness reaches main: both are no-ops here, so FIXED closes the report and
// the escalation but leaves confirmed_at, and the deadline closes the escalation without hiding.

/** FIXED: the listing's details count as confirmed now. */
export async function confirmListingForReport(_tx: Db, _params: { providerId: string; now: Date; actor: Actor }): Promise<void> {}

/** An escalation's deadline passed unanswered: hide the listing as STALE. Returns whether it was hidden. */
export async function hideListingForEscalation(_tx: Db, _params: { providerId: string; now: Date }): Promise<boolean> {
  return false;
}
