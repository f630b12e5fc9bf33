// The formula of extensions §5 as pure functions: the reference the stored scores are tested
// against (rank-score-sql.ts computes the same in one statement, from the same constants), and what
// the worked example of the spec is checked with.
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
  RESPONDED_SHARE_WEIGHT,
  RESPONSE_SPEED_WEIGHT,
  RESPONSE_SPEED_ZERO_HOURS,
  RESPONSIVENESS_MIN_SAMPLE,
  REVIEW_PRIOR_MEAN,
  REVIEW_PRIOR_WEIGHT,
  type CompletenessItemKey,
  type RankComponentKey,
} from "./ranking-formula";

export type RankComponentValues = Record<RankComponentKey, number>;

/** R: `(B − 1) / 4`, B the average pulled towards 3.5 by 5 imaginary reviews; n = 0 → 0.625. */
export function reviewsComponent(reviews: { count: number; sum: number }): number {
  const b = (REVIEW_PRIOR_WEIGHT * REVIEW_PRIOR_MEAN + reviews.sum) / (REVIEW_PRIOR_WEIGHT + reviews.count);
  return (b - 1) / 4;
}

/** S: answered share and speed; neutral under the minimum sample. */
export function responsivenessComponent(row: { sample: number; responded: number; medianHours: number | null } | null): number {
  if (!row || row.sample < RESPONSIVENESS_MIN_SAMPLE) return NEUTRAL_RESPONSIVENESS;
  // The median as published, to a tenth of an hour, so the explanation's hours give its value.
  const hours = row.medianHours === null ? null : roundDecimal(row.medianHours, 1);
  const speed = hours === null ? 0 : Math.min(1, Math.max(0, 1 - hours / RESPONSE_SPEED_ZERO_HOURS));
  return RESPONDED_SHARE_WEIGHT * (row.responded / row.sample) + RESPONSE_SPEED_WEIGHT * speed;
}

/** What C reads of a provider's listing. */
export interface CompletenessInput {
  headline: string;
  description: string;
  logoUrl: string | null;
  specialties: readonly string[];
  countryCode: string | null;
  languages: readonly string[];
  teamSize: string | null;
  hourlyRate: string | null;
  minProjectBudget: number | null;
  foundedYear: number | null;
  portfolio: readonly unknown[];
}

const COMPLETENESS_TESTS: Record<CompletenessItemKey, (p: CompletenessInput) => boolean> = {
  headline: (p) => p.headline.trim() !== "",
  // Characters as Postgres counts them (code points), not UTF-16 units.
  description: (p) => [...p.description].length >= COMPLETENESS_MIN_DESCRIPTION_CHARS,
  logo: (p) => p.logoUrl !== null,
  specialties: (p) => p.specialties.length > 0,
  country: (p) => p.countryCode !== null,
  languages: (p) => p.languages.length > 0,
  teamSize: (p) => p.teamSize !== null,
  rateOrBudget: (p) => p.hourlyRate !== null || p.minProjectBudget !== null,
  foundedYear: (p) => p.foundedYear !== null,
  portfolio: (p) => p.portfolio.length >= COMPLETENESS_MIN_PORTFOLIO_ITEMS,
};

/** The completeness items the listing lacks, in the table's order. */
export function missingCompletenessItems(p: CompletenessInput): CompletenessItemKey[] {
  return COMPLETENESS_ITEMS.filter((item) => !COMPLETENESS_TESTS[item](p));
}

/** C: 0.1 per item present. */
export function completenessComponent(missing: readonly CompletenessItemKey[]): number {
  return (COMPLETENESS_ITEMS.length - missing.length) * COMPLETENESS_ITEM_VALUE;
}

/** F from whole days since the details were confirmed: 1 to day 90, linear to 0.5 before day 180, then 0. */
export function freshnessComponent(days: number): number {
  if (days <= FRESH_FOR_DAYS) return 1;
  if (days >= FRESHNESS_ZERO_AFTER_DAYS) return 0;
  return 1 - ((1 - FRESHNESS_AT_STEP) * (days - FRESH_FOR_DAYS)) / (FRESHNESS_ZERO_AFTER_DAYS - FRESH_FOR_DAYS);
}

/** Rounds half away from zero to `decimals`, as Postgres rounds numeric; float noise removed first. */
export function roundDecimal(x: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(Number((x * scale).toPrecision(14))) / scale;
}

/**
 * The score: Σ weight · component, each component first rounded to 4 decimals as the explanation
 * shows it (so the published values give the score exactly), the sum rounded to 4 decimals.
 */
export function rankScore(components: RankComponentValues): number {
  const c = (key: keyof RankComponentValues) => roundDecimal(components[key], RANK_SCORE_DECIMALS);
  const sum =
    RANK_WEIGHTS.reviews * c("reviews") +
    RANK_WEIGHTS.responsiveness * c("responsiveness") +
    RANK_WEIGHTS.completeness * c("completeness") +
    RANK_WEIGHTS.freshness * c("freshness");
  return roundDecimal(sum, RANK_SCORE_DECIMALS);
}
