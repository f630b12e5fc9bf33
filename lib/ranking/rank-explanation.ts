// What a provider's place in the recommended order rests on (extensions §5 RankExplanation), built
// from what refreshProviderRanks stored: the score, each component's value and the inputs it came
// from. No clock is read here: the sentences describe the ranking as of `computedAt`, so a cached
// answer stays true until the stored ranking changes (at the latest on Monday, when every row's
// rotation key is rewritten).
import { z } from "@/lib/validation/zod";
import {
  COMPLETENESS_ITEMS,
  RANK_WEIGHTS,
  RANKING_FORMULA_VERSION,
  RESPONSIVENESS_MIN_SAMPLE,
  REVIEW_WINDOW_MONTHS,
  type CompletenessItemKey,
} from "./ranking-formula";

const RESPONSIVENESS_WINDOW_DAYS = 90;

const componentValue = z.number().min(0).max(1);
const withBasis = (weight: number) =>
  z.object({
    value: componentValue,
    weight: z.number().meta({ example: weight }),
    basis: z.string().meta({ description: "What the value rests on, in one sentence; a neutral value says so" }),
  });

export const rankExplanationSchema = z
  .object({
    score: z.number().min(0).max(1).meta({ example: 0.8612 }),
    formulaVersion: z.string().meta({ example: RANKING_FORMULA_VERSION }),
    computedAt: z.iso.datetime().meta({ example: "2026-12-01T10:00:00.000Z" }),
    components: z.object({
      reviews: withBasis(RANK_WEIGHTS.reviews),
      responsiveness: withBasis(RANK_WEIGHTS.responsiveness),
      completeness: z.object({
        value: componentValue,
        weight: z.number().meta({ example: RANK_WEIGHTS.completeness }),
        missing: z.array(z.enum(COMPLETENESS_ITEMS)).meta({ description: "Completeness items the listing lacks (0.1 each)" }),
      }),
      freshness: withBasis(RANK_WEIGHTS.freshness),
    }),
    featured: z.boolean().meta({ description: "Shown in the editors' featured block; never part of the score" }),
    reviews: z.object({ count: z.number().int(), average: z.number().nullable() }),
  })
  .meta({
    id: "RankExplanation",
    description: "Why a provider is where it is in sort=recommended: the score and its four components (GET /public/studio/ranking)",
  });
export type RankExplanation = z.output<typeof rankExplanationSchema>;

/** What refreshProviderRanks writes into providers.rank_components. */
interface StoredRankComponents {
  formulaVersion: string;
  reviews: { value: number; count: number; average: number | null };
  responsiveness: { value: number; sample: number; responded: number; medianHours: number | null };
  completeness: { value: number; missing: CompletenessItemKey[] };
  freshness: { value: number; confirmedAt: string };
  confirmedDays: number;
}

/** The rank columns of a providers row. */
interface RankColumns {
  rankScore: number | null;
  rankComponents: unknown;
  rankComputedAt: Date | null;
  featured: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const hours = (h: number) => `${Number.isInteger(h) ? h : h.toFixed(1)} ${h === 1 ? "hour" : "hours"}`;

function reviewsBasis(r: StoredRankComponents["reviews"]): string {
  if (r.count === 0) return "No verified reviews yet: counted as neutral";
  return `${r.average} average from ${plural(r.count, "verified review", "verified reviews")} (last ${REVIEW_WINDOW_MONTHS} months)`;
}

function responsivenessBasis(r: StoredRankComponents["responsiveness"]): string {
  if (r.sample < RESPONSIVENESS_MIN_SAMPLE) {
    return `${r.sample === 0 ? "No inquiries" : `Only ${plural(r.sample, "inquiry", "inquiries")}`} in the last ${RESPONSIVENESS_WINDOW_DAYS} days (fewer than ${RESPONSIVENESS_MIN_SAMPLE}): counted as neutral`;
  }
  const speed = r.medianHours === null ? "" : `, usually within ${hours(r.medianHours)}`;
  return `Answered ${r.responded} of ${plural(r.sample, "inquiry", "inquiries")}${speed} (last ${RESPONSIVENESS_WINDOW_DAYS} days)`;
}

function freshnessBasis(days: number): string {
  if (days <= 0) return "Details confirmed today";
  return `Details confirmed ${plural(days, "day", "days")} ago`;
}

/** The explanation of a ranked provider; null while its rank was never computed. */
export function toRankExplanation(row: RankColumns): RankExplanation | null {
  if (row.rankScore === null || row.rankComputedAt === null || !row.rankComponents) return null;
  const c = row.rankComponents as StoredRankComponents;
  return {
    score: row.rankScore,
    formulaVersion: c.formulaVersion,
    computedAt: row.rankComputedAt.toISOString(),
    components: {
      reviews: { value: c.reviews.value, weight: RANK_WEIGHTS.reviews, basis: reviewsBasis(c.reviews) },
      responsiveness: {
        value: c.responsiveness.value,
        weight: RANK_WEIGHTS.responsiveness,
        basis: responsivenessBasis(c.responsiveness),
      },
      completeness: { value: c.completeness.value, weight: RANK_WEIGHTS.completeness, missing: c.completeness.missing },
      freshness: { value: c.freshness.value, weight: RANK_WEIGHTS.freshness, basis: freshnessBasis(c.confirmedDays) },
    },
    featured: row.featured,
    reviews: { count: c.reviews.count, average: c.reviews.average },
  };
}
