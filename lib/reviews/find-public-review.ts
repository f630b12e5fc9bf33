import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { reviews } from "@/db/schema-reviews";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A published review of the listed provider with this slug, as the report page names it (its title and
 * the provider's name); null for any other id, so the page answers 404 as the report route does.
 */
export async function findPublicReview(
  db: Db,
  params: { slug: string; reviewId: string },
): Promise<{ id: string; title: string; providerName: string; providerSlug: string } | null> {
  if (!UUID.test(params.reviewId)) return null;
  const [row] = await db
    .select({ id: reviews.id, title: reviews.title, providerName: providers.name, providerSlug: providers.slug })
    .from(reviews)
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .where(and(eq(reviews.id, params.reviewId), eq(reviews.status, "PUBLISHED"), eq(providers.slug, params.slug), isPubliclyListed))
    .limit(1);
  return row ?? null;
}
