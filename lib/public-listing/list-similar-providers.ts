import { and, arrayOverlaps, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { Specialty } from "@/db/enums";
import { providers } from "@/db/schema";
import { listCardColumns, toProviderCard, type ProviderCard } from "./card-columns";
import { isPubliclyListedInline } from "./list-query-sql";

/** How many similar providers a profile of a provider not taking clients suggests. */
export const SIMILAR_PROVIDERS = 3;

/**
 * Listed providers taking new clients that share a specialty with the given one (any listed provider
 * taking clients when it has none), best ranked first: what the profile of a provider not taking
 * clients offers instead of a dead end (issue 31). The ranking's score decides, never featuring.
 */
export async function listSimilarAcceptingProviders(
  db: Db,
  params: { slug: string; specialties: readonly Specialty[]; limit?: number },
): Promise<ProviderCard[]> {
  const rows = await db
    .select(listCardColumns)
    .from(providers)
    .where(
      and(
        isPubliclyListedInline,
        eq(providers.acceptingClients, true),
        ne(providers.slug, params.slug),
        params.specialties.length > 0 ? arrayOverlaps(providers.specialties, [...params.specialties]) : undefined,
      ),
    )
    .orderBy(sql`${providers.rankScore} desc nulls last`, asc(providers.slug))
    .limit(params.limit ?? SIMILAR_PROVIDERS);
  return rows.map((row) => toProviderCard(row));
}
