import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviewDisputes, reviewReplies, reviews, type ReviewDisputeRow } from "@/db/schema-reviews";
import type { ProviderReview, ProviderReviewList, ReviewDisputeView } from "./moderation-schemas";
import { replyEditableUntil } from "./serialize-review-reply";
import { serializePublicReview } from "./serialize-review";

function disputeView(row: ReviewDisputeRow): ReviewDisputeView {
  return {
    id: row.id,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    reviewerAnswered: row.reviewerAnsweredAt !== null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  };
}

/**
 * One provider's PUBLISHED or REMOVED reviews, newest first, as the provider sees them (the public
 * shape, the removal reason, the reply's edit window, the latest dispute), plus how many are PENDING:
 * counted, never shown, so nobody is pressed to change a review in its cool-off. No address.
 */
export async function listProviderReviews(
  db: Db,
  params: { providerId: string; status: "PUBLISHED" | "REMOVED"; page: number; limit: number },
): Promise<ProviderReviewList> {
  const where = and(eq(reviews.providerId, params.providerId), eq(reviews.status, params.status));
  const [rows, [totals], [pending]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.publishedAt), desc(reviews.id))
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ n: count() }).from(reviews).where(where),
    db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.providerId, params.providerId), eq(reviews.status, "PENDING"))),
  ]);
  const ids = rows.map((r) => r.id);
  const [replies, disputes] = ids.length
    ? await Promise.all([
        db.select().from(reviewReplies).where(inArray(reviewReplies.reviewId, ids)),
        db.select().from(reviewDisputes).where(inArray(reviewDisputes.reviewId, ids)).orderBy(desc(reviewDisputes.createdAt)),
      ])
    : [[], []];
  const replyOf = new Map(replies.map((r) => [r.reviewId, r]));
  const latestDispute = new Map<string, ReviewDisputeRow>();
  for (const d of disputes) if (!latestDispute.has(d.reviewId)) latestDispute.set(d.reviewId, d);
  const data = rows.map((row): ProviderReview => {
    const reply = replyOf.get(row.id) ?? null;
    const dispute = latestDispute.get(row.id) ?? null;
    return {
      ...serializePublicReview(row, { reply, disputeOpen: dispute?.status === "OPEN" }),
      status: row.status,
      removal: row.status === "REMOVED" ? { reason: row.decisionReason, note: row.decisionNote, removedAt: row.decidedAt?.toISOString() ?? null } : null,
      replyEditableUntil: reply ? replyEditableUntil(reply.createdAt).toISOString() : null,
      dispute: dispute ? disputeView(dispute) : null,
    };
  });
  return { data, total: totals?.n ?? 0, page: params.page, limit: params.limit, pendingCount: pending?.n ?? 0 };
}
