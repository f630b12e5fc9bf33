import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { rankedProvidersSql } from "./rank-score-sql";
import { rotationMonday } from "./rotation-key";

/**
 * Computes the ranking of extensions §5 in one UPDATE: for every listed provider, or with
 * `providerIds` for those alone (listed or not: a provider being published needs its score), and
 * writes only the rows whose rounded score or weekly rotation changed, that were never computed, or
 * whose explanation's inputs changed (the count of days since confirmation aside: it moves daily
 * without moving anything else while the details are fresh). The listing triggers (migration 0007)
 * run once per statement, so one run moves the listing version at most once, and not at all when
 * nothing changed. `now` decides freshness and the rotation's Monday; call it in the transaction of
 * the change it follows.
 */
export async function refreshProviderRanks(db: Db, params: { now: Date; providerIds?: string[] }): Promise<{ changed: number }> {
  const ids = params.providerIds;
  if (ids && ids.length === 0) return { changed: 0 };
  // One statement text for every call (prepared once per connection): the ids go as one parameter.
  const where = ids
    ? sql`p.id = any(string_to_array(${ids.join(",")}, ',')::uuid[])`
    : sql`p.approval_status = 'APPROVED' and p.public_profile`;
  const ranked = rankedProvidersSql({ where, now: params.now, monday: rotationMonday(params.now) });
  const rows = await executeRows<{ id: string }>(
    db,
    sql`
      with ranked as (${ranked})
      update providers p
      set rank_score = s.score, rank_rotation = s.rotation, rank_components = s.components,
          rank_computed_at = ${params.now.toISOString()}::timestamptz
      from ranked s
      where p.id = s.id
        and (p.rank_computed_at is null
          or p.rank_score is distinct from s.score
          or p.rank_rotation is distinct from s.rotation
          or (p.rank_components - 'confirmedDays') is distinct from (s.components - 'confirmedDays'))
      returning p.id`,
  );
  return { changed: rows.length };
}

/** The hourly job (windows move, freshness decays, the rotation turns on Mondays): every listed provider. */
export async function refreshAllProviderRanks(db: Db, params: { now: Date }): Promise<{ changed: number }> {
  return refreshProviderRanks(db, { now: params.now });
}
