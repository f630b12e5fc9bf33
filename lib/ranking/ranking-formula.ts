// The ranking's formula (extensions §5) as data: one module read by the SQL that stores the scores,
// the API's explanations, the directory's "Why here?", /how-ranking-works and the methodology
// endpoint (GET /public/studio/ranking). Change a number here and every reader follows; a change of
// meaning is a new RANKING_FORMULA_VERSION with a changelog line.
export const RANKING_FORMULA_VERSION = "2026.1";
export const RANKING_EFFECTIVE_FROM = "2026-11-27";

export const RANK_COMPONENT_KEYS = ["reviews", "responsiveness", "completeness", "freshness"] as const;
export type RankComponentKey = (typeof RANK_COMPONENT_KEYS)[number];

/** score = Σ weight · component, each component in [0, 1]; the weights add up to 1. */
export const RANK_WEIGHTS: Readonly<Record<RankComponentKey, number>> = {
  reviews: 0.35,
  responsiveness: 0.3,
  completeness: 0.2,
  freshness: 0.15,
};

/** Decimals a score is rounded to (numeric(5,4) in providers.rank_score). */
export const RANK_SCORE_DECIMALS = 4;

// R, verified reviews: a Bayesian average pulled towards REVIEW_PRIOR_MEAN by REVIEW_PRIOR_WEIGHT
// imaginary reviews, over published reviews of the last REVIEW_WINDOW_MONTHS, mapped from 1–5 to 0–1.
export const REVIEW_PRIOR_MEAN = 3.5;
export const REVIEW_PRIOR_WEIGHT = 5;
export const REVIEW_WINDOW_MONTHS = 24;
/** R with no reviews: (3.5 − 1) / 4. */
export const NEUTRAL_REVIEWS = (REVIEW_PRIOR_MEAN - 1) / 4;

// S, responsiveness: from provider_responsiveness (90 days).
export const RESPONDED_SHARE_WEIGHT = 0.7;
export const RESPONSE_SPEED_WEIGHT = 0.3;
/** A median first response this slow (a week) or slower earns nothing for speed. */
export const RESPONSE_SPEED_ZERO_HOURS = 168;
/** Fewer delivered inquiries than this in the window: too few to judge, neutral. */
export const RESPONSIVENESS_MIN_SAMPLE = 5;
export const NEUTRAL_RESPONSIVENESS = 0.5;

// C, completeness: COMPLETENESS_ITEM_VALUE per item present.
export const COMPLETENESS_ITEMS = [
  "headline",
  "description",
  "logo",
  "specialties",
  "country",
  "languages",
  "teamSize",
  "rateOrBudget",
  "foundedYear",
  "portfolio",
] as const;
export type CompletenessItemKey = (typeof COMPLETENESS_ITEMS)[number];
export const COMPLETENESS_ITEM_VALUE = 0.1;
export const COMPLETENESS_MIN_DESCRIPTION_CHARS = 300;
export const COMPLETENESS_MIN_PORTFOLIO_ITEMS = 2;

// F, freshness: days since the details were last confirmed (lib/freshness).
export const FRESH_FOR_DAYS = 90;
/** Freshness on the day before the step: it falls linearly from 1 at FRESH_FOR_DAYS to this. */
export const FRESHNESS_AT_STEP = 0.5;
/**
 * From this day on F = 0. It is also the day the public "Details not confirmed since" label appears:
 * lib/freshness/freshness-fields.ts reads its STALE_AFTER_DAYS from here (freshness builds on the
 * ranking, never the other way), so the label and the score step on the same day.
 */
export const FRESHNESS_ZERO_AFTER_DAYS = 180;

/** What never enters the score, published as such. */
export const NOT_IN_SCORE = ["featured", "payment", "name", "location", "visitor history"] as const;

/** The tie-break, in words: equal scores are ordered by a key that changes every Monday (UTC), then by slug. */
export const RANK_TIE_BREAK = ["score desc", "rotationKey asc", "slug asc"] as const;

export const RANKING_CHANGELOG = [
  {
    version: RANKING_FORMULA_VERSION,
    date: RANKING_EFFECTIVE_FROM,
    summary: "First published formula: verified reviews, responsiveness, completeness and freshness.",
  },
] as const;
