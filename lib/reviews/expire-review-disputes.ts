import { and, eq, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditEvents } from "@/db/schema";
import { reviewDisputes } from "@/db/schema-reviews";

/**
 * The dispute clock (maintenance job "review-disputes"): an open dispute with no decision by its
 * dueAt expires, which removes the "under review" label; the review stays (ties go to the reviewer).
 * One statement, idempotent: a second or concurrent run finds nothing left OPEN to expire, and a
 * dispute an admin decided meanwhile is no longer OPEN.
 */
export async function expireReviewDisputes(tx: Db, params: { now: Date }): Promise<{ disputesExpired: number }> {
  const expired = await tx
    .update(reviewDisputes)
    .set({ status: "EXPIRED", decidedAt: params.now, decidedBy: "system" })
    .where(and(eq(reviewDisputes.status, "OPEN"), lte(reviewDisputes.dueAt, params.now)))
    .returning({ id: reviewDisputes.id, reviewId: reviewDisputes.reviewId, providerId: reviewDisputes.providerId });
  if (expired.length > 0) {
    await tx.insert(auditEvents).values(
      expired.map((d) => ({
        providerId: d.providerId,
        actorType: "SYSTEM" as const,
        actorId: null,
        actorLabel: "dispute clock",
        action: "review.dispute_expired",
        targetType: "review",
        targetId: d.reviewId,
        metadata: { disputeId: d.id },
      })),
    );
  }
  return { disputesExpired: expired.length };
}
