import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ReviewReportReason } from "@/db/enums";
import { providers } from "@/db/schema";
import { reviewReports, reviews } from "@/db/schema-reviews";

export interface OpenReviewReport {
  id: string;
  reviewId: string;
  reviewTitle: string;
  reviewStatus: string;
  providerName: string;
  providerSlug: string;
  reason: ReviewReportReason;
  note: string;
  createdAt: Date;
}

/** Visitors' open reports of reviews, oldest first. Reports never hide a review; the admin reads them. */
export async function listOpenReviewReports(db: Db, params: { limit: number }): Promise<OpenReviewReport[]> {
  return db
    .select({
      id: reviewReports.id,
      reviewId: reviewReports.reviewId,
      reviewTitle: reviews.title,
      reviewStatus: reviews.status,
      providerName: providers.name,
      providerSlug: providers.slug,
      reason: reviewReports.reason,
      note: reviewReports.note,
      createdAt: reviewReports.createdAt,
    })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .where(eq(reviewReports.status, "OPEN"))
    .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id))
    .limit(params.limit);
}
