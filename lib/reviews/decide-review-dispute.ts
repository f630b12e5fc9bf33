import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviewDisputes, reviews } from "@/db/schema-reviews";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/validation/primitives";
import { lockReview } from "./lock-review";
import { reviewDisputeDecidedEmail } from "./moderation-emails";
import { REMOVAL_REASON_FOR_DISPUTE } from "./moderation-labels";
import type { DisputeDecision } from "./moderation-schemas";
import { notifyReviewParties } from "./notify-review-parties";
import { refreshReviewStats } from "./refresh-review-stats";

/**
 * An admin decides an open dispute before its dueAt: UPHOLD removes the review (reason shown to both
 * sides, figures recomputed), REJECT removes the label. The dispute row is locked first, so of two
 * decisions at once one wins and the other is 409 CONFLICT "already decided", with no second email.
 * Both sides are emailed REVIEW_DISPUTE_DECIDED. Audited as review.dispute_upheld|rejected.
 */
export async function decideReviewDispute(
  db: Db,
  params: { disputeId: string; decision: DisputeDecision; note?: string; caller: Caller; now?: Date },
): Promise<{ disputeId: string; status: "UPHELD" | "REJECTED" }> {
  const notFound = new AppError("NOT_FOUND", "No dispute with this id.");
  if (!isUuid(params.disputeId)) throw notFound;
  const now = params.now ?? new Date();
  const note = params.note ?? null;
  return db.transaction(async (tx) => {
    // The review first, then the dispute: the order every moderation write takes, so none deadlock.
    const [target] = await tx.select({ reviewId: reviewDisputes.reviewId }).from(reviewDisputes).where(eq(reviewDisputes.id, params.disputeId)).limit(1);
    if (!target) throw notFound;
    const { review, providerName } = await lockReview(tx, { reviewId: target.reviewId });
    const [dispute] = await tx.select().from(reviewDisputes).where(eq(reviewDisputes.id, params.disputeId)).for("update").limit(1);
    if (!dispute) throw notFound;
    if (dispute.status !== "OPEN") {
      throw new AppError("CONFLICT", `This dispute is already decided (${dispute.status.toLowerCase()}).`);
    }
    if (dispute.dueAt.getTime() <= now.getTime()) {
      throw new AppError("CONFLICT", "The decision period has ended: the dispute expires and the review stays.");
    }
    const status = params.decision === "UPHOLD" ? "UPHELD" : "REJECTED";
    await tx
      .update(reviewDisputes)
      .set({ status, decidedAt: now, decidedBy: params.caller.actor.label, decisionNote: note })
      .where(eq(reviewDisputes.id, dispute.id));
    if (status === "UPHELD" && review.status === "PUBLISHED") {
      await tx
        .update(reviews)
        .set({
          status: "REMOVED",
          decidedBy: params.caller.actor.label,
          decidedAt: now,
          decisionReason: REMOVAL_REASON_FOR_DISPUTE[dispute.reason],
          decisionNote: note,
          updatedAt: now,
        })
        .where(eq(reviews.id, review.id));
      await refreshReviewStats(tx, { now, providerIds: [review.providerId] });
    }
    const email = (audience: "reviewer" | "provider") =>
      reviewDisputeDecidedEmail({ audience, outcome: status, providerName, reason: dispute.reason, note });
    await notifyReviewParties(tx, {
      kind: "REVIEW_DISPUTE_DECIDED",
      providerId: review.providerId,
      inquiryId: review.inquiryId,
      reviewer: email("reviewer"),
      provider: email("provider"),
    });
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: review.providerId,
      action: status === "UPHELD" ? "review.dispute_upheld" : "review.dispute_rejected",
      targetType: "review",
      targetId: review.id,
      metadata: { disputeId: dispute.id, reason: dispute.reason },
    });
    return { disputeId: dispute.id, status };
  });
}
