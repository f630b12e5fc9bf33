import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { reviews } from "@/db/schema-reviews";

export interface HeldReview {
  id: string;
  providerName: string;
  providerSlug: string;
  flags: string[];
  title: string;
  body: string;
  reviewerName: string;
  createdAt: Date;
  publishAfter: Date;
}

/**
 * Pending reviews the publishing sweep held for an admin (non-empty flags), oldest first. Carries the
 * flags and the text, never a rating: the admin's decision must not depend on it (extensions §4).
 */
export async function listHeldReviews(db: Db, params: { limit: number }): Promise<HeldReview[]> {
  return db
    .select({
      id: reviews.id,
      providerName: providers.name,
      providerSlug: providers.slug,
      flags: reviews.flags,
      title: reviews.title,
      body: reviews.body,
      reviewerName: reviews.reviewerName,
      createdAt: reviews.createdAt,
      publishAfter: reviews.publishAfter,
    })
    .from(reviews)
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .where(and(eq(reviews.status, "PENDING"), sql`cardinality(${reviews.flags}) > 0`))
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(params.limit);
}
