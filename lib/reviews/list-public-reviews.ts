import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { providerReviewStats, reviewReplies, reviews } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import type { ReviewList, ReviewListQuery } from "./public-read-schemas";
import { serializePublicReview, serializeReviewStats } from "./serialize-review";

const ORDER = {
  newest: [desc(reviews.publishedAt), asc(reviews.id)],
  highest: [desc(reviews.overall), desc(reviews.publishedAt), asc(reviews.id)],
  lowest: [asc(reviews.overall), desc(reviews.publishedAt), asc(reviews.id)],
} as const;

const isPublished = (providerId: string) => and(eq(reviews.providerId, providerId), eq(reviews.status, "PUBLISHED"));

/**
 * One page of a listed provider's PUBLISHED reviews with its figures (extensions §4): each with the
 * provider's reply and whether a dispute is open now. NOT_FOUND for a slug the public cannot see,
 * by the same rule as the profile. Read fresh on every call: a reply or a dispute label shows at once.
 */
export async function listPublicReviews(db: Db, params: { slug: string } & ReviewListQuery): Promise<ReviewList> {
  const [provider] = await db
    .select({ id: providers.id, stats: providerReviewStats })
    .from(providers)
    .leftJoin(providerReviewStats, eq(providerReviewStats.providerId, providers.id))
    .where(and(eq(providers.slug, params.slug), isPubliclyListed))
    .limit(1);
  if (!provider) throw new AppError("NOT_FOUND", "No published provider has that slug.");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        review: reviews,
        replyBody: reviewReplies.body,
        replyCreatedAt: reviewReplies.createdAt,
        disputeOpen: sql<boolean>`exists (select 1 from review_disputes d where d.review_id = ${reviews.id} and d.status = 'OPEN')`,
      })
      .from(reviews)
      .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
      .where(isPublished(provider.id))
      .orderBy(...ORDER[params.sort])
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ n: count() }).from(reviews).where(isPublished(provider.id)),
  ]);
  return {
    data: rows.map((r) =>
      serializePublicReview(r.review, {
        reply: r.replyBody !== null && r.replyCreatedAt !== null ? { body: r.replyBody, createdAt: r.replyCreatedAt } : null,
        disputeOpen: Boolean(r.disputeOpen),
      }),
    ),
    total: total?.n ?? 0,
    page: params.page,
    limit: params.limit,
    stats: serializeReviewStats(provider.stats),
  };
}
