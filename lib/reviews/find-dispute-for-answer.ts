import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ReviewDisputeReason, ReviewDisputeStatus } from "@/db/enums";
import { providers } from "@/db/schema";
import { reviewDisputes, reviews } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";

export interface DisputeForAnswer {
  disputeId: string;
  providerName: string;
  reviewTitle: string;
  /** The category only: the provider's note is for the admins, never shown to the reviewer. */
  reason: ReviewDisputeReason;
  status: ReviewDisputeStatus;
  dueAt: Date;
  answer: string | null;
  answeredAt: Date | null;
  /** Still open to an answer: OPEN and before its dueAt. */
  open: boolean;
}

/** What the reviewer's answer page shows, found by the emailed token (400 TOKEN_INVALID for an unknown one). Reads only. */
export async function findDisputeForAnswer(db: Db, params: { token: string | undefined; now?: Date }): Promise<DisputeForAnswer> {
  const invalid = new AppError("TOKEN_INVALID", "This link is not valid. Use the link in the most recent email.");
  if (!isWellFormedToken(params.token)) throw invalid;
  const [row] = await db
    .select({
      disputeId: reviewDisputes.id,
      providerName: providers.name,
      reviewTitle: reviews.title,
      reason: reviewDisputes.reason,
      status: reviewDisputes.status,
      dueAt: reviewDisputes.dueAt,
      answer: reviewDisputes.reviewerAnswer,
      answeredAt: reviewDisputes.reviewerAnsweredAt,
    })
    .from(reviewDisputes)
    .innerJoin(reviews, eq(reviews.id, reviewDisputes.reviewId))
    .innerJoin(providers, eq(providers.id, reviewDisputes.providerId))
    .where(eq(reviewDisputes.answerTokenHash, hashVerificationToken(params.token)))
    .limit(1);
  if (!row) throw invalid;
  const now = params.now ?? new Date();
  return { ...row, open: row.status === "OPEN" && row.dueAt.getTime() > now.getTime() };
}
