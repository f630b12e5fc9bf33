import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ReviewDisputeReason } from "@/db/enums";
import { providers } from "@/db/schema";
import { reviewDisputes, reviews } from "@/db/schema-reviews";

export interface OpenDispute {
  id: string;
  reviewId: string;
  providerName: string;
  providerSlug: string;
  reason: ReviewDisputeReason;
  note: string;
  reviewTitle: string;
  reviewBody: string;
  reviewerAnswer: string | null;
  reviewerAnsweredAt: Date | null;
  createdAt: Date;
  dueAt: Date;
}

/** Open disputes for the admin, the nearest deadline first, with the provider's note and the reviewer's answer. */
export async function listOpenDisputes(db: Db, params: { limit: number }): Promise<OpenDispute[]> {
  return db
    .select({
      id: reviewDisputes.id,
      reviewId: reviewDisputes.reviewId,
      providerName: providers.name,
      providerSlug: providers.slug,
      reason: reviewDisputes.reason,
      note: reviewDisputes.note,
      reviewTitle: reviews.title,
      reviewBody: reviews.body,
      reviewerAnswer: reviewDisputes.reviewerAnswer,
      reviewerAnsweredAt: reviewDisputes.reviewerAnsweredAt,
      createdAt: reviewDisputes.createdAt,
      dueAt: reviewDisputes.dueAt,
    })
    .from(reviewDisputes)
    .innerJoin(reviews, eq(reviews.id, reviewDisputes.reviewId))
    .innerJoin(providers, eq(providers.id, reviewDisputes.providerId))
    .where(eq(reviewDisputes.status, "OPEN"))
    .orderBy(asc(reviewDisputes.dueAt), asc(reviewDisputes.id))
    .limit(params.limit);
}
