import { asc, gt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerListingFacets } from "@/db/schema";

export interface ListingFacets {
  /** ISO 3166-1 alpha-2 codes of the countries some listed provider is in. */
  countries: string[];
  /** ISO 639-1 codes of the languages some listed provider speaks. */
  languages: string[];
}

/**
 * The countries and languages of the listed providers, from the counts the triggers keep (migration
 * 0008): one small read, whatever the size of the directory. The directory's filters offer these,
 * not every country and language there is, so no choice leads to an empty list.
 */
export async function listListingFacets(db: Db): Promise<ListingFacets> {
  const rows = await db
    .select({ facet: providerListingFacets.facet, value: providerListingFacets.value })
    .from(providerListingFacets)
    .where(gt(providerListingFacets.total, 0))
    .orderBy(asc(providerListingFacets.facet), asc(providerListingFacets.value));
  return {
    countries: rows.filter((r) => r.facet === "country").map((r) => r.value),
    languages: rows.filter((r) => r.facet === "language").map((r) => r.value),
  };
}
