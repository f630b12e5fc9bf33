import { asc, eq, sql } from "drizzle-orm";
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
  /** An edit of a published review held before it replaces the published words (title and body are the edit's). */
  edit: boolean;
}

/**
 * Reviews the publishing sweep held for an admin (non-empty flags), oldest first: pending reviews, and
 * pending edits of published ones (shown with the edit's words). Carries the flags and the text, never
 * a rating: the admin's decision must not depend on it (extensions §4).
 */
export async function listHeldReviews(db: Db, params: { limit: number }): Promise<HeldReview[]> {
  return db
    .select({
      id: reviews.id,
      providerName: providers.name,
      providerSlug: providers.slug,
      flags: reviews.flags,
      title: sql<string>`coalesce(${reviews.pendingEdit}->>'title', ${reviews.title})`,
      body: sql<string>`coalesce(${reviews.pendingEdit}->>'body', ${reviews.body})`,
      reviewerName: reviews.reviewerName,
      createdAt: reviews.createdAt,
      edit: sql<boolean>`(${reviews.status} = 'PUBLISHED')`,
    })
    .from(reviews)
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .where(
      sql`cardinality(${reviews.flags}) > 0 and (${reviews.status} = 'PENDING' or (${reviews.status} = 'PUBLISHED' and ${reviews.pendingEdit} is not null))`,
    )
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(params.limit);
}
