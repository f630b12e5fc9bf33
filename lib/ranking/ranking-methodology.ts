// The methodology as data (GET /public/studio/ranking, /how-ranking-works): every number read from
// ranking-formula.ts, the same module the SQL and the explanations read.
import { createHash } from "node:crypto";
import { z } from "@/lib/validation/zod";
import {
  COMPLETENESS_MIN_DESCRIPTION_CHARS,
  COMPLETENESS_MIN_PORTFOLIO_ITEMS,
  FRESH_FOR_DAYS,
  FRESHNESS_AT_STEP,
  FRESHNESS_ZERO_AFTER_DAYS,
  NEUTRAL_RESPONSIVENESS,
  NEUTRAL_REVIEWS,
  NOT_IN_SCORE,
  RANK_COMPONENT_KEYS,
  RANK_TIE_BREAK,
  RANK_WEIGHTS,
  RANKING_CHANGELOG,
  RANKING_EFFECTIVE_FROM,
  RANKING_FORMULA_VERSION,
  RESPONSE_SPEED_ZERO_HOURS,
  RESPONSIVENESS_MIN_SAMPLE,
  REVIEW_PRIOR_MEAN,
  REVIEW_PRIOR_WEIGHT,
  REVIEW_WINDOW_MONTHS,
  type RankComponentKey,
} from "./ranking-formula";

export const rankingMethodologySchema = z
  .object({
    formulaVersion: z.string().meta({ example: RANKING_FORMULA_VERSION }),
    effectiveFrom: z.iso.date().meta({ example: RANKING_EFFECTIVE_FROM }),
    weights: z.object({
      reviews: z.number(),
      responsiveness: z.number(),
      completeness: z.number(),
      freshness: z.number(),
    }),
    components: z.array(
      z.object({
        key: z.enum(RANK_COMPONENT_KEYS),
        label: z.string(),
        definition: z.string(),
        neutralValue: z.number().nullable().meta({ description: "The value when there is too little to judge; null when never neutral" }),
      }),
    ),
    tieBreak: z.array(z.string()).meta({ example: [...RANK_TIE_BREAK] }),
    notInScore: z.array(z.string()).meta({ example: [...NOT_IN_SCORE] }),
    changelog: z.array(z.object({ version: z.string(), date: z.iso.date(), summary: z.string() })),
  })
  .meta({ id: "RankingMethodology", description: "How sort=recommended is computed (extensions §5)" });
type RankingMethodology = z.output<typeof rankingMethodologySchema>;

export const RANK_COMPONENT_LABELS: Record<RankComponentKey, string> = {
  reviews: "Verified reviews",
  responsiveness: "Responsiveness",
  completeness: "Completeness",
  freshness: "Freshness",
};

/** Why each weight is what it is (published on /how-ranking-works). */
export const RANK_WEIGHT_REASONS: Record<RankComponentKey, string> = {
  reviews: "Reviews weigh most because they are the only input from clients.",
  responsiveness: "Responsiveness comes next because it is measured, not stated.",
  completeness: "Completeness is stated by the provider, and so weighs less.",
  freshness: "Freshness is stated by the provider, and so weighs less.",
};

const DEFINITIONS: Record<RankComponentKey, string> = {
  reviews: `(B − 1) / 4 with B = (${REVIEW_PRIOR_WEIGHT}·${REVIEW_PRIOR_MEAN} + Σ overall) / (${REVIEW_PRIOR_WEIGHT} + n), over published reviews of the last ${REVIEW_WINDOW_MONTHS} months; no reviews count as a ${REVIEW_PRIOR_MEAN} average.`,
  responsiveness: `0.7 × the share of inquiries answered + 0.3 × clamp(1 − median hours to a first response / ${RESPONSE_SPEED_ZERO_HOURS}, 0, 1), over inquiries delivered in the last 90 days (time still waiting counts); fewer than ${RESPONSIVENESS_MIN_SAMPLE} inquiries count as neutral.`,
  completeness: `0.1 for each of: a headline; a description of at least ${COMPLETENESS_MIN_DESCRIPTION_CHARS} characters; a logo; at least one specialty; a country; at least one language; a team size; an hourly rate or a minimum budget; a founded year; at least ${COMPLETENESS_MIN_PORTFOLIO_ITEMS} portfolio items.`,
  freshness: `Days since the provider last confirmed its details: 1 up to ${FRESH_FOR_DAYS} days, then falling linearly towards ${FRESHNESS_AT_STEP}, and 0 from ${FRESHNESS_ZERO_AFTER_DAYS} days (when the public "not confirmed" label appears).`,
};

const NEUTRAL: Record<RankComponentKey, number | null> = {
  reviews: NEUTRAL_REVIEWS,
  responsiveness: NEUTRAL_RESPONSIVENESS,
  completeness: null,
  freshness: null,
};

export function rankingMethodology(): RankingMethodology {
  return {
    formulaVersion: RANKING_FORMULA_VERSION,
    effectiveFrom: RANKING_EFFECTIVE_FROM,
    weights: { ...RANK_WEIGHTS },
    components: RANK_COMPONENT_KEYS.map((key) => ({
      key,
      label: RANK_COMPONENT_LABELS[key],
      definition: DEFINITIONS[key],
      neutralValue: NEUTRAL[key],
    })),
    tieBreak: [...RANK_TIE_BREAK],
    notInScore: [...NOT_IN_SCORE],
    changelog: RANKING_CHANGELOG.map((entry) => ({ ...entry })),
  };
}

/** The methodology's JSON and its strong ETag: it changes only with a deploy that changes the formula. */
export function rankingMethodologyJson(): { body: string; etag: string } {
  const body = JSON.stringify(rankingMethodology());
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}
