import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { reviews } from "@/db/schema-reviews";

export interface PublishedReviewForAdmin {
  id: string;
  providerName: string;
  providerSlug: string;
  title: string;
  body: string;
  reviewerName: string;
  publishedAt: Date | null;
}

/** The admin's "Published" section: the newest published reviews, optionally of one provider (by slug). */
export async function listRecentPublishedReviews(
  db: Db,
  params: { limit: number; providerSlug?: string },
): Promise<PublishedReviewForAdmin[]> {
  return db
    .select({
      id: reviews.id,
      providerName: providers.name,
      providerSlug: providers.slug,
      title: reviews.title,
      body: reviews.body,
      reviewerName: reviews.reviewerName,
      publishedAt: reviews.publishedAt,
    })
    .from(reviews)
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .where(and(eq(reviews.status, "PUBLISHED"), params.providerSlug ? eq(providers.slug, params.providerSlug) : undefined))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(params.limit);
}
