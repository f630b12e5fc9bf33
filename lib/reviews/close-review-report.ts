import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviewReports, reviews } from "@/db/schema-reviews";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/validation/primitives";

/** An admin closes an open review report (after acting on the review, or not). A closed one is 409. Audited as review_report.closed. */
export async function closeReviewReport(db: Db, params: { reportId: string; caller: Caller; now?: Date }): Promise<{ id: string }> {
  const notFound = new AppError("NOT_FOUND", "No report with this id.");
  if (!isUuid(params.reportId)) throw notFound;
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(reviewReports)
      .set({ status: "CLOSED", closedAt: now, closedBy: params.caller.actor.label })
      .where(and(eq(reviewReports.id, params.reportId), eq(reviewReports.status, "OPEN")))
      .returning({ id: reviewReports.id, reviewId: reviewReports.reviewId });
    if (!closed) {
      const [exists] = await tx.select({ id: reviewReports.id }).from(reviewReports).where(eq(reviewReports.id, params.reportId)).limit(1);
      throw exists ? new AppError("CONFLICT", "This report is already closed.") : notFound;
    }
    const [review] = await tx.select({ providerId: reviews.providerId }).from(reviews).where(eq(reviews.id, closed.reviewId)).limit(1);
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: review?.providerId ?? null,
      action: "review_report.closed",
      targetType: "review",
      targetId: closed.reviewId,
      metadata: { reportId: closed.id },
    });
    return { id: closed.id };
  });
}
