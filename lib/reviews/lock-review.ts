import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { reviews, type ReviewRow } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/validation/primitives";

/**
 * Locks a review row for the rest of the transaction (with its provider's name and slug for the
 * emails). Two decisions on one review queue on this lock; the second reads the first one's outcome.
 * With `providerId` another provider's review is not found (404), as an unknown id.
 */
export async function lockReview(
  tx: Db,
  params: { reviewId: string; providerId?: string },
): Promise<{ review: ReviewRow; providerName: string; providerSlug: string }> {
  const notFound = new AppError("NOT_FOUND", "No review with this id.");
  if (!isUuid(params.reviewId)) throw notFound;
  const [row] = await tx
    .select({ review: reviews, providerName: providers.name, providerSlug: providers.slug })
    .from(reviews)
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .where(and(eq(reviews.id, params.reviewId), params.providerId ? eq(reviews.providerId, params.providerId) : undefined))
    .for("update", { of: reviews })
    .limit(1);
  if (!row) throw notFound;
  return row;
}
