import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviewDisputes } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";

/**
 * Stores the reviewer's side of an open dispute, from the emailed link; answering again replaces it
 * while the dispute is open. A decided or expired dispute is 409 CONFLICT; an unknown token 400.
 */
export async function answerReviewDispute(
  db: Db,
  params: { token: string; answer: string; now?: Date },
): Promise<{ disputeId: string; answeredAt: Date }> {
  const invalid = new AppError("TOKEN_INVALID", "This link is not valid. Use the link in the most recent email.");
  if (!isWellFormedToken(params.token)) throw invalid;
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const [dispute] = await tx
      .select()
      .from(reviewDisputes)
      .where(eq(reviewDisputes.answerTokenHash, hashVerificationToken(params.token)))
      .for("update")
      .limit(1);
    if (!dispute) throw invalid;
    if (dispute.status !== "OPEN" || dispute.dueAt.getTime() <= now.getTime()) {
      throw new AppError("CONFLICT", "This dispute is already closed; your review was not changed by your answer.");
    }
    await tx
      .update(reviewDisputes)
      .set({ reviewerAnswer: params.answer, reviewerAnsweredAt: now })
      .where(eq(reviewDisputes.id, dispute.id));
    return { disputeId: dispute.id, answeredAt: now };
  });
}
