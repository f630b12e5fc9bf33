import type { Db } from "@/db/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { lockReview } from "./lock-review";
import { publishDueReviews } from "./publish-due-reviews";

/**
 * An admin's "Publish" on a held review (or a held edit of a published one): publishes it now whatever its flags (publishDueReviews with
 * its id: stats, ranking, listing version and the REVIEW_PUBLISHED emails in this transaction). The
 * row is locked first, so a second decision finds it decided: 409 CONFLICT, no second email. Audited
 * as review.published.
 */
export async function publishHeldReview(
  db: Db,
  params: { reviewId: string; caller: Caller; now?: Date },
): Promise<{ reviewId: string; status: "PUBLISHED" }> {
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const { review } = await lockReview(tx, { reviewId: params.reviewId });
    const edit = review.status === "PUBLISHED" && review.pendingEdit !== null;
    if (review.status !== "PENDING" && !edit) {
      throw new AppError("CONFLICT", `This review is already decided (${review.status.toLowerCase()}).`);
    }
    const result = await publishDueReviews(tx, { now, reviewIds: [review.id] });
    if (result.published + result.edits !== 1) throw new AppError("CONFLICT", "This review could not be published; reload the page.");
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: review.providerId,
      action: "review.published",
      targetType: "review",
      targetId: review.id,
      metadata: { flags: review.flags, edit },
    });
    return { reviewId: review.id, status: "PUBLISHED" as const };
  });
}
