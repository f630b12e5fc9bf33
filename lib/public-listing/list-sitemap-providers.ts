import { asc } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";

export interface SitemapProvider {
  slug: string;
  updatedAt: Date;
}

// The sitemap protocol allows 50,000 URLs per file; a few are kept for the site's own pages.
export const SITEMAP_PROVIDER_LIMIT = 49_990;

/** Slugs and last change of every publicly listed provider, by slug, for sitemap.xml. */
export async function listSitemapProviders(db: Db, params: { limit?: number } = {}): Promise<SitemapProvider[]> {
  return db
    .select({ slug: providers.slug, updatedAt: providers.updatedAt })
    .from(providers)
    .where(isPubliclyListed)
    .orderBy(asc(providers.slug))
    .limit(Math.min(params.limit ?? SITEMAP_PROVIDER_LIMIT, SITEMAP_PROVIDER_LIMIT));
}
