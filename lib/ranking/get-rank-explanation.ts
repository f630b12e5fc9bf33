import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { toRankExplanation, type RankExplanation } from "./rank-explanation";

/** A provider's own explanation (the studio's overview), listed or not; null until first computed. */
export async function getRankExplanation(db: Db, params: { providerId: string }): Promise<RankExplanation | null> {
  const [row] = await db
    .select({
      rankScore: providers.rankScore,
      rankComponents: providers.rankComponents,
      rankComputedAt: providers.rankComputedAt,
      featured: providers.featured,
    })
    .from(providers)
    .where(eq(providers.id, params.providerId))
    .limit(1);
  return row ? toRankExplanation(row) : null;
}
