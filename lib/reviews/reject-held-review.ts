import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ReviewRejectReason } from "@/db/enums";
import { reviews } from "@/db/schema-reviews";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { enqueueEmail } from "@/lib/email/outbox";
import { AppError } from "@/lib/errors";
import { findReviewerEmail } from "./find-reviewer-email";
import { lockReview } from "./lock-review";
import { reviewRejectedEmail } from "./moderation-emails";

/**
 * An admin rejects a pending review (one the publishing sweep held for its flags) with a reason and
 * note; the reviewer is emailed REVIEW_REJECTED. The review row is locked: a second decision, or the
 * sweep publishing it meanwhile, is 409 CONFLICT "already decided", with no second email. Audited as
 * review.rejected.
 */
export async function rejectHeldReview(
  db: Db,
  params: { reviewId: string; reason: ReviewRejectReason; note?: string; caller: Caller; now?: Date },
): Promise<{ reviewId: string; status: "REJECTED" }> {
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const { review, providerName } = await lockReview(tx, { reviewId: params.reviewId });
    if (review.status !== "PENDING") {
      throw new AppError("CONFLICT", `This review is already decided (${review.status.toLowerCase()}).`);
    }
    await tx
      .update(reviews)
      .set({
        status: "REJECTED",
        decidedBy: params.caller.actor.label,
        decidedAt: now,
        decisionReason: params.reason,
        decisionNote: params.note ?? null,
        updatedAt: now,
      })
      .where(eq(reviews.id, review.id));
    const to = await findReviewerEmail(tx, { inquiryId: review.inquiryId });
    if (to) {
      await enqueueEmail(tx, {
        kind: "REVIEW_REJECTED",
        to,
        message: reviewRejectedEmail({ providerName, reason: params.reason, note: params.note ?? null }),
      });
    }
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: review.providerId,
      action: "review.rejected",
      targetType: "review",
      targetId: review.id,
      metadata: { reason: params.reason, flags: review.flags },
    });
    return { reviewId: review.id, status: "REJECTED" as const };
  });
}
