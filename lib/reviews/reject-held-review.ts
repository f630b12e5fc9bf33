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
 * note; the reviewer is emailed REVIEW_REJECTED. A held edit of a published review is dropped instead
 * (the published words stay), with the same email about the edit. The review row is locked: a second decision, or the
 * sweep publishing it meanwhile, is 409 CONFLICT "already decided", with no second email. Audited as
 * review.rejected.
 */
export async function rejectHeldReview(
  db: Db,
  params: { reviewId: string; reason: ReviewRejectReason; note?: string; caller: Caller; now?: Date },
): Promise<{ reviewId: string; status: "REJECTED" | "EDIT_REJECTED" }> {
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const { review, providerName } = await lockReview(tx, { reviewId: params.reviewId });
    // A held edit of a published review: the edit is dropped, the published words stay.
    const edit = review.status === "PUBLISHED" && review.pendingEdit !== null;
    if (review.status !== "PENDING" && !edit) {
      throw new AppError("CONFLICT", `This review is already decided (${review.status.toLowerCase()}).`);
    }
    const decision = { decidedBy: params.caller.actor.label, decidedAt: now, decisionReason: params.reason, decisionNote: params.note ?? null };
    await tx
      .update(reviews)
      .set(edit ? { ...decision, pendingEdit: null, pendingEditPublishAfter: null, flags: [], updatedAt: now } : { ...decision, status: "REJECTED", updatedAt: now })
      .where(eq(reviews.id, review.id));
    const to = await findReviewerEmail(tx, { inquiryId: review.inquiryId });
    if (to) {
      await enqueueEmail(tx, {
        kind: "REVIEW_REJECTED",
        to,
        message: reviewRejectedEmail({ providerName, reason: params.reason, note: params.note ?? null, edit }),
      });
    }
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: review.providerId,
      action: "review.rejected",
      targetType: "review",
      targetId: review.id,
      metadata: { reason: params.reason, flags: review.flags, edit },
    });
    return { reviewId: review.id, status: edit ? ("EDIT_REJECTED" as const) : ("REJECTED" as const) };
  });
}
