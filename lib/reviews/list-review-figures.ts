import { and, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { providerReviewStats } from "@/db/schema-reviews";
import { REVIEW_STATS_MIN_COUNT } from "./review-rules";

export interface ReviewFigures {
  count: number;
  /** Mean overall rating, 2 decimals; null below REVIEW_STATS_MIN_COUNT reviews (as the public stats). */
  average: number | null;
}

/**
 * The review count and average of the providers on a page of the directory (their cards say
 * "★ 4.6 (7 reviews)"). One small read by slug beside the list's own query, so the list's index-only
 * query needs no extra column; providers without published reviews are absent from the map.
 */
export async function listReviewFigures(db: Db, params: { slugs: string[] }): Promise<Map<string, ReviewFigures>> {
  if (params.slugs.length === 0) return new Map();
  const rows = await db
    .select({ slug: providers.slug, count: providerReviewStats.count, sum: providerReviewStats.sumOverall })
    .from(providerReviewStats)
    .innerJoin(providers, eq(providers.id, providerReviewStats.providerId))
    .where(and(inArray(providers.slug, params.slugs), gt(providerReviewStats.count, 0)));
  return new Map(
    rows.map((r) => [r.slug, { count: r.count, average: r.count >= REVIEW_STATS_MIN_COUNT ? Math.round((r.sum / r.count) * 100) / 100 : null }]),
  );
}
