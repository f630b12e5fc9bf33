"use server";

import { redirect } from "next/navigation";
import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { reviewWriteFormSchema } from "@/lib/reviews/review-writing-schemas";
import type { ReviewSubmitted } from "@/lib/reviews/review-writing-schemas";
import { submitReview } from "@/lib/reviews/submit-review";
import { typedReviewValues } from "./typed-values";

/** The review form at /reviews/write: the same rules as POST /public/studio/reviews?token=…. */
export const submitReviewAction = defineAction(
  { name: "reviews.submit", input: reviewWriteFormSchema },
  async ({ db, input }) => {
    const { token, incentiveChoice: _choice, ...body } = input;
    return submitReview(db, { token, input: body, now: new Date() });
  },
);

/** What the reviewer typed, as the form holds it, handed back on a refusal so a script-less post keeps it. */
export type ReviewFormValues = Record<string, string>;

export type WriteReviewState = { result: ActionResult<ReviewSubmitted>; values: ReviewFormValues } | null;

/**
 * useActionState form of the action: the review form posts here with or without JavaScript. Success
 * leads to /reviews/write/done (the invitation is used now, so the form's page would only say so).
 */
export async function submitReviewFromForm(_previous: WriteReviewState, form: FormData): Promise<WriteReviewState> {
  const result = await submitReviewAction(form);
  if (result.ok) redirect("/reviews/write/done");
  return { result, values: typedReviewValues(form) };
}
