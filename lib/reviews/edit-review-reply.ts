import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviewReplies } from "@/db/schema-reviews";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { lockReview } from "./lock-review";
import type { ReviewReplyView } from "./moderation-schemas";
import { replyEditableUntil, serializeReviewReply } from "./serialize-review-reply";

/**
 * Edits the provider's reply within REVIEW_REPLY_EDIT_MINUTES of its creation (then 409 REPLY_LOCKED).
 * No email: the reviewer was told once, when the reply was written. Audited as review.reply_edited.
 */
export async function editReviewReply(
  db: Db,
  params: { providerId: string; reviewId: string; body: string; caller: Caller; now?: Date },
): Promise<ReviewReplyView> {
  assertCallerCanWrite(params.caller, { required: true });
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const { review } = await lockReview(tx, { reviewId: params.reviewId, providerId: params.providerId });
    const [reply] = await tx.select().from(reviewReplies).where(eq(reviewReplies.reviewId, review.id)).limit(1);
    if (!reply) throw new AppError("NOT_FOUND", "This review has no reply to edit.");
    if (now.getTime() > replyEditableUntil(reply.createdAt).getTime()) {
      throw new AppError("REPLY_LOCKED", "A reply can be edited only within an hour of writing it.");
    }
    const [after] = await tx
      .update(reviewReplies)
      .set({ body: params.body, updatedAt: now, memberId: params.caller.memberId ?? reply.memberId })
      .where(eq(reviewReplies.reviewId, review.id))
      .returning();
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "review.reply_edited",
      targetType: "review",
      targetId: review.id,
      metadata: { length: after!.body.length },
    });
    return serializeReviewReply(after!);
  });
}
