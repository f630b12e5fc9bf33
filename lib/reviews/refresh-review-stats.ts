import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { REVIEW_PRIOR_MEAN, REVIEW_PRIOR_WEIGHT, REVIEW_WINDOW_MONTHS } from "@/lib/ranking/ranking-formula";
import { refreshProviderRanks } from "@/lib/ranking/refresh-provider-ranks";

const RATED = ["quality", "schedule", "communication", "value"] as const;

/**
 * Recomputes provider_review_stats from the PUBLISHED reviews of the given providers (or of every
 * provider that has a stats row or a published review, for the nightly run as the 24-month window
 * moves), in one statement, then their ranking. Call it in the transaction that publishes, edits,
 * removes or withdraws a review: the stats trigger bumps the listing version only for rows whose
 * figures changed, and the ranking refresh writes only scores that moved.
 */
export async function refreshReviewStats(
  db: Db,
  params: { now: Date; providerIds?: string[] },
): Promise<{ changed: number }> {
  const ids = params.providerIds;
  if (ids && ids.length === 0) return { changed: 0 };
  const now = sql`${params.now.toISOString()}::timestamptz`;
  const subjects = ids
    ? sql`select unnest(string_to_array(${ids.join(",")}, ',')::uuid[]) as id`
    : sql`select provider_id as id from provider_review_stats union select provider_id from reviews where status = 'PUBLISHED'`;
  const windowStart = sql`(${now} - make_interval(months => ${REVIEW_WINDOW_MONTHS}::int))`;
  const rated = RATED.map(
    (k) => sql`count(r.${sql.raw(k)})::int as ${sql.raw(`${k}_count`)}, coalesce(sum(r.${sql.raw(k)}), 0)::int as ${sql.raw(`${k}_sum`)}`,
  );
  const rows = await executeRows<{ provider_id: string }>(
    db,
    sql`
      with subjects as (${subjects}),
      figures as (
        select s.id as provider_id,
          count(r.id)::int as count,
          coalesce(sum(r.overall), 0)::int as sum_overall,
          array[${sql.join(
            [1, 2, 3, 4, 5].map((n) => sql`count(r.id) filter (where r.overall = ${n}::int)::int`),
            sql`, `,
          )}] as distribution,
          count(r.id) filter (where r.would_recommend)::int as recommend_count,
          ${sql.join(rated, sql`, `)},
          count(r.id) filter (where r.published_at >= ${windowStart})::int as count_24m,
          coalesce(sum(r.overall) filter (where r.published_at >= ${windowStart}), 0)::int as sum_24m
        from subjects s
        join providers p on p.id = s.id
        left join reviews r on r.provider_id = s.id and r.status = 'PUBLISHED'
        group by s.id
      )
      insert into provider_review_stats as t (provider_id, count, sum_overall, distribution, recommend_count,
        quality_count, quality_sum, schedule_count, schedule_sum, communication_count, communication_sum,
        value_count, value_sum, count_24m, sum_24m, bayesian_24m, computed_at)
      select f.provider_id, f.count, f.sum_overall, f.distribution, f.recommend_count,
        f.quality_count, f.quality_sum, f.schedule_count, f.schedule_sum, f.communication_count, f.communication_sum,
        f.value_count, f.value_sum, f.count_24m, f.sum_24m,
        round((${REVIEW_PRIOR_WEIGHT}::numeric * ${REVIEW_PRIOR_MEAN}::numeric + f.sum_24m) / (${REVIEW_PRIOR_WEIGHT}::numeric + f.count_24m), 4),
        ${now}
      from figures f
      on conflict (provider_id) do update set
        count = excluded.count, sum_overall = excluded.sum_overall, distribution = excluded.distribution,
        recommend_count = excluded.recommend_count,
        quality_count = excluded.quality_count, quality_sum = excluded.quality_sum,
        schedule_count = excluded.schedule_count, schedule_sum = excluded.schedule_sum,
        communication_count = excluded.communication_count, communication_sum = excluded.communication_sum,
        value_count = excluded.value_count, value_sum = excluded.value_sum,
        count_24m = excluded.count_24m, sum_24m = excluded.sum_24m, bayesian_24m = excluded.bayesian_24m,
        computed_at = excluded.computed_at
      returning t.provider_id`,
  );
  const touched = rows.map((r) => r.provider_id);
  await refreshProviderRanks(db, { now: params.now, providerIds: touched });
  return { changed: touched.length };
}
