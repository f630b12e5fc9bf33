import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { trimListingChanges } from "@/lib/listing-cache/trim-listing-changes";
import { purgeExpiredRows, type PurgeParams, type PurgeResult } from "./purge-expired-rows";

// Any fixed number, distinct from the migration lock (db/client.ts).
export const MAINTENANCE_LOCK_ID = 7_240_612;

export type MaintenanceRun = { ran: true; purged: PurgeResult } | { ran: false; reason: "another instance is running it" };

/**
 * The retention purge, by at most one process at a time across every instance: under a
 * transaction-scoped advisory lock, taken without waiting (a run already going is enough). In one
 * transaction, so the lock ends with it even if the process dies; each kind stays bounded by maxBatches.
 */
export async function runMaintenance(db: Db, params: PurgeParams): Promise<MaintenanceRun> {
  return db.transaction(async (tx) => {
    const [row] = await executeRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${MAINTENANCE_LOCK_ID}) as locked`);
    if (!row?.locked) return { ran: false, reason: "another instance is running it" } as const;
    await trimListingChanges(tx);
    return { ran: true, purged: await purgeExpiredRows(tx, params) } as const;
  });
}
