import { and, eq } from "drizzle-orm";
import type { ReviewDisputeReason } from "@/db/enums";
import type { Db } from "@/db/client";
import { reviewDisputes } from "@/db/schema-reviews";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { env } from "@/lib/config/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { AppError } from "@/lib/errors";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { lockProvider } from "@/lib/provider-core/lock-provider";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { assertDisputeAllowed } from "./dispute-limits";
import { findReviewerEmail } from "./find-reviewer-email";
import { lockReview } from "./lock-review";
import { reviewDisputeRequestEmail } from "./moderation-emails";
import type { ReviewDisputeOpened } from "./moderation-schemas";
import { REVIEW_DISPUTE_DECISION_DAYS } from "./review-rules";

/**
 * The provider disputes one of its published reviews (OWNER and ADMIN). The review stays published,
 * labelled "under review", until an admin decides or `dueAt` passes. Limits are read under the
 * provider's row lock, so concurrent disputes cannot pass them (dispute-limits.ts). The reviewer is
 * emailed a link to answer. Audited as review.dispute_opened.
 */
export async function openReviewDispute(
  db: Db,
  params: { providerId: string; reviewId: string; reason: ReviewDisputeReason; note: string; caller: Caller; now?: Date },
): Promise<ReviewDisputeOpened> {
  assertCallerCanWrite(params.caller, { required: true });
  const now = params.now ?? new Date();
  const created = await db.transaction(async (tx) => {
    await lockProvider(tx, params.providerId);
    const { review, providerName } = await lockReview(tx, { reviewId: params.reviewId, providerId: params.providerId });
    if (review.status !== "PUBLISHED") throw new AppError("NOT_FOUND", "No published review with this id.");
    const [existing] = await tx
      .select({ id: reviewDisputes.id })
      .from(reviewDisputes)
      .where(and(eq(reviewDisputes.reviewId, review.id), eq(reviewDisputes.status, "OPEN")))
      .limit(1);
    if (existing) throw new AppError("DISPUTE_OPEN", "This review is already under dispute.");
    await assertDisputeAllowed(tx, { providerId: params.providerId, now });
    const token = createVerificationToken();
    const dueAt = new Date(now.getTime() + REVIEW_DISPUTE_DECISION_DAYS * 86_400_000);
    const [dispute] = await tx
      .insert(reviewDisputes)
      .values({
        reviewId: review.id,
        providerId: params.providerId,
        openedByMemberId: params.caller.memberId ?? null,
        reason: params.reason,
        note: params.note,
        dueAt,
        answerTokenHash: token.hash,
        createdAt: now,
      })
      .returning({ id: reviewDisputes.id, dueAt: reviewDisputes.dueAt });
    const to = await findReviewerEmail(tx, { inquiryId: review.inquiryId });
    if (to) {
      await enqueueEmail(tx, {
        kind: "REVIEW_DISPUTE_REQUEST",
        to,
        message: reviewDisputeRequestEmail({
          providerName,
          reason: params.reason,
          dueAt,
          answerUrl: `${env().APP_URL}/reviews/dispute?token=${encodeURIComponent(token.token)}`,
        }),
      });
    }
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "review.dispute_opened",
      targetType: "review",
      targetId: review.id,
      metadata: { disputeId: dispute!.id, reason: params.reason },
    });
    return dispute!;
  });
  return { id: created.id, dueAt: created.dueAt.toISOString() };
}
