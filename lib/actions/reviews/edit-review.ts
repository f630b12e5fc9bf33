"use server";

import { redirect } from "next/navigation";
import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { editReview } from "@/lib/reviews/edit-review";
import { reviewEditFormSchema, reviewWithdrawFormSchema, type ReviewEditResult } from "@/lib/reviews/review-writing-schemas";
import { withdrawReview } from "@/lib/reviews/withdraw-review";
import { typedReviewValues } from "./typed-values";

/** The edit page's Save: the same rules as PATCH /public/studio/reviews/:id?token=…. */
export const editReviewAction = defineAction({ name: "reviews.edit", input: reviewEditFormSchema }, async ({ db, input }) => {
  const { token, reviewId, incentiveChoice: _choice, workedTogether: _attested, ...edit } = input;
  return editReview(db, { reviewId, token, edit, now: new Date() });
});

/** The edit page's Withdraw, after its confirm step: the same rules as DELETE /public/studio/reviews/:id?token=…. */
export const withdrawReviewAction = defineAction(
  { name: "reviews.withdraw", input: reviewWithdrawFormSchema },
  async ({ db, input }) => {
    await withdrawReview(db, { reviewId: input.reviewId, token: input.token, now: new Date() });
    return { withdrawn: true as const };
  },
);

export type EditReviewState = { result: ActionResult<ReviewEditResult>; values: Record<string, string> } | null;
export type WithdrawReviewState = ActionResult<{ withdrawn: true }> | null;

/** useActionState form of the edit: the edit form posts here with or without JavaScript; success reopens the edit page, saying so. */
export async function editReviewFromForm(_previous: EditReviewState, form: FormData): Promise<EditReviewState> {
  const result = await editReviewAction(form);
  if (result.ok) redirect(`/reviews/edit?token=${encodeURIComponent(String(form.get("token")))}&saved=1`);
  return { result, values: typedReviewValues(form) };
}

/** useActionState form of the withdrawal (its confirm step is a disclosure on the page, which needs no script). */
export async function withdrawReviewFromForm(_previous: WithdrawReviewState, form: FormData): Promise<WithdrawReviewState> {
  const result = await withdrawReviewAction(form);
  if (result.ok) redirect("/reviews/withdrawn");
  return result;
}
