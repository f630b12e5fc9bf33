import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";

/** How long listing change rows are kept: an instance idle for longer drops its cached answers once. */
export const LISTING_CHANGES_KEPT_HOURS = 1;

/**
 * Deletes listing change rows older than the retention (migration 0007), run by the maintenance
 * schedule. The newest of them stays as an "everything changed" row: an instance that had not applied
 * the rows before it reads that row and drops every cached answer, instead of missing changes.
 * One statement, so an instance reading the log sees the trim whole or not at all.
 */
export async function trimListingChanges(db: Db, params: { keptHours?: number } = {}): Promise<{ deleted: number }> {
  const hours = params.keptHours ?? LISTING_CHANGES_KEPT_HOURS;
  const [row] = await executeRows<{ deleted: number | string }>(
    db,
    sql`with cut as (
          select max(seq) as seq from provider_listing_changes where changed_at < now() - make_interval(hours => ${hours})
        ),
        gone as (
          delete from provider_listing_changes c using cut where c.seq < cut.seq returning 1
        ),
        marked as (
          update provider_listing_changes c set provider_id = null, before = null, after = null, search_changed = false
          from cut where c.seq = cut.seq and c.provider_id is not null returning 1
        )
        select (select count(*) from gone) as deleted, (select count(*) from marked) as marked`,
  );
  return { deleted: Number(row?.deleted ?? 0) };
}
