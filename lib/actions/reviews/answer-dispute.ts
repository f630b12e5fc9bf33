"use server";

import { defineAction } from "@/lib/actions/define-action";
import { answerReviewDispute } from "@/lib/reviews/answer-review-dispute";
import { disputeAnswerFormSchema } from "@/lib/reviews/moderation-schemas";

/**
 * The reviewer's answer to a dispute, from the emailed page (/reviews/dispute?token=…). The token is
 * the only credential. The page's form posts to /reviews/dispute/answer, which runs this without
 * JavaScript.
 */
export const answerDisputeAction = defineAction({ name: "reviews.answer-dispute", input: disputeAnswerFormSchema }, async ({ db, input }) => {
  const result = await answerReviewDispute(db, { token: input.token, answer: input.answer });
  return { disputeId: result.disputeId };
});
