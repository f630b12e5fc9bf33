// The score of extensions §5 in SQL, for every provider a statement ranks at once. Every number is a
// bound parameter read from ranking-formula.ts (never written here), so rank-components.ts (the same
// formula in TypeScript) and this agree by construction; rank-score-sql.test.ts checks that they do.
import { sql, type SQL } from "drizzle-orm";
import {
  COMPLETENESS_ITEM_VALUE,
  COMPLETENESS_ITEMS,
  COMPLETENESS_MIN_DESCRIPTION_CHARS,
  COMPLETENESS_MIN_PORTFOLIO_ITEMS,
  FRESH_FOR_DAYS,
  FRESHNESS_AT_STEP,
  FRESHNESS_ZERO_AFTER_DAYS,
  NEUTRAL_RESPONSIVENESS,
  RANK_SCORE_DECIMALS,
  RANK_WEIGHTS,
  RANKING_FORMULA_VERSION,
  RESPONDED_SHARE_WEIGHT,
  RESPONSE_SPEED_WEIGHT,
  RESPONSE_SPEED_ZERO_HOURS,
  RESPONSIVENESS_MIN_SAMPLE,
  REVIEW_PRIOR_MEAN,
  REVIEW_PRIOR_WEIGHT,
  type CompletenessItemKey,
} from "./ranking-formula";

const num = (value: number): SQL => sql`${value}::numeric`;
const int = (value: number): SQL => sql`${value}::int`;

/** When each completeness item is present, over the providers row `p`. */
const COMPLETENESS_SQL: Record<CompletenessItemKey, SQL> = {
  headline: sql`btrim(p.headline) <> ''`,
  description: sql`char_length(p.description) >= ${int(COMPLETENESS_MIN_DESCRIPTION_CHARS)}`,
  logo: sql`p.logo_url is not null`,
  specialties: sql`cardinality(p.specialties) > 0`,
  country: sql`p.country_code is not null`,
  languages: sql`cardinality(p.languages) > 0`,
  teamSize: sql`p.team_size is not null`,
  rateOrBudget: sql`(p.hourly_rate is not null or p.min_project_budget is not null)`,
  foundedYear: sql`p.founded_year is not null`,
  portfolio: sql`jsonb_array_length(p.portfolio) >= ${int(COMPLETENESS_MIN_PORTFOLIO_ITEMS)}`,
};

const missingItems = sql`array_remove(array[${sql.join(
  COMPLETENESS_ITEMS.map((item) => sql`case when ${COMPLETENESS_SQL[item]} then null else ${item}::text end`),
  sql`, `,
)}]::text[], null)`;

/**
 * Published reviews per provider over REVIEW_WINDOW_MONTHS, `(review_count, review_sum)` for the
 * providers row `p`: read from provider_review_stats, which the review transactions and the nightly
 * stats job keep current (lib/reviews/refresh-review-stats.ts). No row is no reviews: R is neutral.
 */
const reviewInputs = sql`(select coalesce(max(s.count_24m), 0)::int as review_count, coalesce(max(s.sum_24m), 0)::numeric as review_sum
  from provider_review_stats s where s.provider_id = p.id)`;

/**
 * One row per provider chosen by `where` (over the providers row `p`): id, score, rotation, components.
 * `now` decides freshness and the rotation's Monday (`monday`, its ISO date).
 */
export function rankedProvidersSql(params: { where: SQL; now: Date; monday: string }): SQL {
  const now = sql`${params.now.toISOString()}::timestamptz`;
  return sql`
    with inputs as (
      select p.id, p.confirmed_at, rv.review_count, rv.review_sum,
        r.sample, r.responded, round(r.median_hours::numeric, 1) as median_hours,
        ${missingItems} as missing,
        floor(extract(epoch from (${now} - p.confirmed_at)) / 86400)::int as days
      from providers p
      left join provider_responsiveness r on r.provider_id = p.id
      cross join lateral ${reviewInputs} rv
      where ${params.where}
    ), exact as (
      select i.*,
        ((${num(REVIEW_PRIOR_WEIGHT)} * ${num(REVIEW_PRIOR_MEAN)} + i.review_sum) / (${num(REVIEW_PRIOR_WEIGHT)} + i.review_count) - 1) / 4 as c_reviews_exact,
        case when i.sample is null or i.sample < ${int(RESPONSIVENESS_MIN_SAMPLE)} then ${num(NEUTRAL_RESPONSIVENESS)}
          else ${num(RESPONDED_SHARE_WEIGHT)} * i.responded::numeric / i.sample
            + ${num(RESPONSE_SPEED_WEIGHT)} * coalesce(greatest(0, least(1, 1 - i.median_hours / ${num(RESPONSE_SPEED_ZERO_HOURS)})), 0)
        end as c_responsiveness_exact,
        (${int(COMPLETENESS_ITEMS.length)} - cardinality(i.missing)) * ${num(COMPLETENESS_ITEM_VALUE)} as c_completeness_exact,
        case when i.days <= ${int(FRESH_FOR_DAYS)} then 1::numeric
          when i.days >= ${int(FRESHNESS_ZERO_AFTER_DAYS)} then 0::numeric
          else 1 - (1 - ${num(FRESHNESS_AT_STEP)}) * (i.days - ${int(FRESH_FOR_DAYS)})
            / (${int(FRESHNESS_ZERO_AFTER_DAYS)} - ${int(FRESH_FOR_DAYS)})::numeric
        end as c_freshness_exact
      from inputs i
    ), parts as (
      -- Each component to 4 decimals, as the explanation shows it: the published values give the score.
      select e.*, round(e.c_reviews_exact, ${int(RANK_SCORE_DECIMALS)}) as c_reviews,
        round(e.c_responsiveness_exact, ${int(RANK_SCORE_DECIMALS)}) as c_responsiveness,
        round(e.c_completeness_exact, ${int(RANK_SCORE_DECIMALS)}) as c_completeness,
        round(e.c_freshness_exact, ${int(RANK_SCORE_DECIMALS)}) as c_freshness
      from exact e
    )
    select x.id,
      round(${num(RANK_WEIGHTS.reviews)} * x.c_reviews + ${num(RANK_WEIGHTS.responsiveness)} * x.c_responsiveness
        + ${num(RANK_WEIGHTS.completeness)} * x.c_completeness + ${num(RANK_WEIGHTS.freshness)} * x.c_freshness,
        ${int(RANK_SCORE_DECIMALS)}) as score,
      -- The key's bits read as a signed bigint, every bit but the sign flipped: (2^63 − 1) − key.
      ('x' || left(encode(sha256(convert_to(x.id::text || ${params.monday}::text, 'UTF8')), 'hex'), 16))::bit(64)::bigint
        # ~(1::bigint << 63) as rotation,
      jsonb_build_object(
        'formulaVersion', ${RANKING_FORMULA_VERSION}::text,
        'reviews', jsonb_build_object('value', x.c_reviews, 'count', x.review_count,
          'average', case when x.review_count > 0 then round(x.review_sum / x.review_count, 2) end),
        'responsiveness', jsonb_build_object('value', x.c_responsiveness,
          'sample', coalesce(x.sample, 0), 'responded', coalesce(x.responded, 0), 'medianHours', x.median_hours),
        'completeness', jsonb_build_object('value', x.c_completeness, 'missing', to_jsonb(x.missing)),
        'freshness', jsonb_build_object('value', x.c_freshness, 'confirmedAt', x.confirmed_at),
        'confirmedDays', x.days
      ) as components
    from parts x`;
}
