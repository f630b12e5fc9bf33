import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ReviewRejectReason } from "@/db/enums";
import { reviewDisputes, reviews } from "@/db/schema-reviews";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { lockReview } from "./lock-review";
import { reviewRemovedEmail } from "./moderation-emails";
import { notifyReviewParties } from "./notify-review-parties";
import { refreshReviewStats } from "./refresh-review-stats";

/**
 * An admin removes a published review with a reason (shown to both sides, who are both emailed); the
 * figures are recomputed in the same transaction, which bumps the listing version. An open dispute of
 * it closes as upheld. The review row is locked: a second removal is 409 CONFLICT, with no second
 * email. Audited as review.removed.
 */
export async function removeReview(
  db: Db,
  params: { reviewId: string; reason: ReviewRejectReason; note?: string; caller: Caller; now?: Date },
): Promise<{ reviewId: string; status: "REMOVED" }> {
  const now = params.now ?? new Date();
  const note = params.note ?? null;
  return db.transaction(async (tx) => {
    const { review, providerName } = await lockReview(tx, { reviewId: params.reviewId });
    if (review.status !== "PUBLISHED") {
      throw new AppError("CONFLICT", `Only a published review can be removed; this one is ${review.status.toLowerCase()}.`);
    }
    const decided = { decidedBy: params.caller.actor.label, decidedAt: now };
    await tx
      .update(reviews)
      .set({ status: "REMOVED", ...decided, decisionReason: params.reason, decisionNote: note, updatedAt: now })
      .where(eq(reviews.id, review.id));
    await tx
      .update(reviewDisputes)
      .set({ status: "UPHELD", ...decided, decisionNote: note })
      .where(and(eq(reviewDisputes.reviewId, review.id), eq(reviewDisputes.status, "OPEN")));
    await refreshReviewStats(tx, { now, providerIds: [review.providerId] });
    const email = (audience: "reviewer" | "provider") => reviewRemovedEmail({ audience, providerName, reason: params.reason, note });
    await notifyReviewParties(tx, {
      kind: "REVIEW_REJECTED",
      providerId: review.providerId,
      inquiryId: review.inquiryId,
      reviewer: email("reviewer"),
      provider: email("provider"),
    });
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: review.providerId,
      action: "review.removed",
      targetType: "review",
      targetId: review.id,
      metadata: { reason: params.reason },
    });
    return { reviewId: review.id, status: "REMOVED" as const };
  });
}
