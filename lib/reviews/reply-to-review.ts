import { reviewReplies } from "@/db/schema-reviews";
import type { Db } from "@/db/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { env } from "@/lib/config/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { AppError } from "@/lib/errors";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { findReviewerEmail } from "./find-reviewer-email";
import { lockReview } from "./lock-review";
import { reviewReplyEmail } from "./moderation-emails";
import type { ReviewReplyView } from "./moderation-schemas";
import { serializeReviewReply } from "./serialize-review-reply";

/**
 * The provider's one reply to a published review (OWNER and ADMIN). The reviewer is emailed here, once:
 * edits within the hour send nothing. A second reply is 409 REPLY_EXISTS; another provider's review
 * and a review not published are 404. Audited as review.reply_added.
 */
export async function replyToReview(
  db: Db,
  params: { providerId: string; reviewId: string; body: string; caller: Caller; now?: Date },
): Promise<ReviewReplyView> {
  assertCallerCanWrite(params.caller, { required: true });
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const { review, providerName, providerSlug } = await lockReview(tx, { reviewId: params.reviewId, providerId: params.providerId });
    if (review.status !== "PUBLISHED") throw new AppError("NOT_FOUND", "No published review with this id.");
    // The review row is locked: two replies at once queue here, and the primary key settles the rest.
    const [reply] = await tx
      .insert(reviewReplies)
      .values({ reviewId: review.id, memberId: params.caller.memberId ?? null, body: params.body, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: reviewReplies.reviewId })
      .returning();
    if (!reply) throw new AppError("REPLY_EXISTS", "This review already has a reply; edit it within the hour instead.");
    const to = await findReviewerEmail(tx, { inquiryId: review.inquiryId });
    if (to) {
      await enqueueEmail(tx, {
        kind: "REVIEW_REPLY",
        to,
        message: reviewReplyEmail({
          providerName,
          profileUrl: `${env().APP_URL}/providers/${encodeURIComponent(providerSlug)}`,
          reply: reply.body,
        }),
      });
    }
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "review.reply_added",
      targetType: "review",
      targetId: review.id,
      metadata: { length: reply.body.length },
    });
    return serializeReviewReply(reply);
  });
}
