import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviews, type ReviewRow } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";
import { REVIEW_EDIT_TTL_DAYS } from "./review-rules";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The review an edit link names, locked FOR UPDATE for the edit or withdrawal that follows. 400
 * TOKEN_INVALID for a missing or malformed token; 404 when the id and the token do not belong together
 * (the same answer as an unknown id, so a link reveals nothing about other reviews); 410 TOKEN_EXPIRED
 * after REVIEW_EDIT_TTL_DAYS (withdrawing stays possible through a privacy request).
 */
export async function lockReviewForEditing(
  tx: Db,
  params: { reviewId: string; token: string | undefined; now: Date },
): Promise<ReviewRow> {
  if (!isWellFormedToken(params.token)) {
    throw new AppError("TOKEN_INVALID", "This edit link is incomplete or not one we sent. Use the link from the email.");
  }
  const notFound = new AppError("NOT_FOUND", "No review matches this link.");
  if (!UUID.test(params.reviewId)) throw notFound;
  const [row] = await tx
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, params.reviewId), eq(reviews.editTokenHash, hashVerificationToken(params.token))))
    .for("update")
    .limit(1);
  if (!row) throw notFound;
  if (!row.editTokenExpiresAt || row.editTokenExpiresAt.getTime() <= params.now.getTime()) {
    throw new AppError(
      "TOKEN_EXPIRED",
      `This edit link has expired (it works for ${REVIEW_EDIT_TTL_DAYS} days). To have the review removed, make a privacy request.`,
    );
  }
  return row;
}
