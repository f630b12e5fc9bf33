import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { reviews, type ReviewRow } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";
import { REVIEW_EDIT_TTL_DAYS } from "./review-rules";

export interface ReviewForEditing {
  review: ReviewRow;
  providerName: string;
  /** The fields as the reviewer last wrote them: a published review's waiting edit over its published text. */
  latest: ReviewRow;
}

/**
 * The review an edit link names, for the edit page (a read: opening the link changes nothing).
 * 400 TOKEN_INVALID for a missing, malformed or unknown token; 410 TOKEN_EXPIRED after
 * REVIEW_EDIT_TTL_DAYS. The page shows a withdrawn or taken-down review's state instead of the form.
 */
export async function getReviewForEditing(db: Db, params: { token: string | undefined; now: Date }): Promise<ReviewForEditing> {
  const invalid = new AppError("TOKEN_INVALID", "This edit link is incomplete or not one we sent. Use the link from the email.");
  if (!isWellFormedToken(params.token)) throw invalid;
  const [row] = await db
    .select({ review: reviews, providerName: providers.name })
    .from(reviews)
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .where(eq(reviews.editTokenHash, hashVerificationToken(params.token)))
    .limit(1);
  if (!row || row.review.erasedAt) throw invalid;
  const expires = row.review.editTokenExpiresAt;
  if (!expires || expires.getTime() <= params.now.getTime()) {
    throw new AppError("TOKEN_EXPIRED", `This edit link has expired (it works for ${REVIEW_EDIT_TTL_DAYS} days).`);
  }
  const latest = { ...row.review, ...((row.review.pendingEdit ?? {}) as Partial<ReviewRow>) };
  return { review: row.review, providerName: row.providerName, latest };
}
