import { and, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import { RANKING_FORMULA_VERSION } from "@/lib/ranking/ranking-formula";
import { toRankExplanation, type RankExplanation } from "@/lib/ranking/rank-explanation";

/** What `explain=true` adds to a page of sort=recommended (extensions §5). */
export interface PageRanking {
  ranking: { formulaVersion: string; computedAt: string | null };
  explanations: Record<string, RankExplanation>;
}

/**
 * The explanations of a page's providers, read by slug after the page (the page itself stays an
 * index-only scan, which rank_components would not be). `computedAt` is the newest of the page's.
 */
export async function listRankExplanations(db: Db, params: { slugs: string[] }): Promise<PageRanking> {
  const rows =
    params.slugs.length === 0
      ? []
      : await db
          .select({
            slug: providers.slug,
            rankScore: providers.rankScore,
            rankComponents: providers.rankComponents,
            rankComputedAt: providers.rankComputedAt,
            featured: providers.featured,
          })
          .from(providers)
                    // One parameter for any page size (one prepared statement); a slug never holds a comma.
          .where(and(sql`${providers.slug} = any(string_to_array(${params.slugs.join(",")}, ','))`, isPubliclyListed));
  const explanations: Record<string, RankExplanation> = {};
  let computedAt: string | null = null;
  // In the page's order, so the body reads as the list does.
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  for (const slug of params.slugs) {
    const row = bySlug.get(slug);
    const explanation = row ? toRankExplanation(row) : null;
    if (!explanation) continue;
    explanations[slug] = explanation;
    if (computedAt === null || explanation.computedAt > computedAt) computedAt = explanation.computedAt;
  }
  return { ranking: { formulaVersion: RANKING_FORMULA_VERSION, computedAt }, explanations };
}
