import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviews } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import { lockReviewForEditing } from "./lock-review-for-editing";
import { refreshReviewStats } from "./refresh-review-stats";

/**
 * The reviewer withdraws their review through their private link: WITHDRAWN, any waiting edit dropped,
 * and the provider's review figures (and so the listing version and ranking) recomputed in the same
 * transaction. Withdrawing again changes nothing; a review Provider Registry rejected or removed is
 * already off the profile (409 CONFLICT, its decision kept).
 */
export async function withdrawReview(db: Db, params: { reviewId: string; token: string | undefined; now: Date }): Promise<void> {
  const { now } = params;
  await db.transaction(async (tx) => {
    const row = await lockReviewForEditing(tx, params);
    if (row.status === "WITHDRAWN") return;
    if (row.status !== "PENDING" && row.status !== "PUBLISHED") {
      throw new AppError("CONFLICT", "Provider Registry already took this review down; there is nothing to withdraw.");
    }
    await tx
      .update(reviews)
      .set({ status: "WITHDRAWN", pendingEdit: null, pendingEditPublishAfter: null, updatedAt: now })
      .where(eq(reviews.id, row.id));
    await refreshReviewStats(tx, { now, providerIds: [row.providerId] });
  });
}
