"use server";

import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { reviewTokenQuerySchema } from "@/lib/reviews/invitation-schemas";
import { optOutOfReviewEmails } from "@/lib/reviews/opt-out-of-review-emails";

export type OptOutState = ActionResult<{ success: true }> | null;

const optOut = defineAction({ name: "reviews.opt-out", input: reviewTokenQuerySchema }, ({ db, input }) =>
  optOutOfReviewEmails(db, { token: input.token, now: new Date() }),
);

/** The opt-out page's button (the token in a hidden field); opening the page changes nothing. */
export async function optOutOfReviews(_previous: OptOutState, form: FormData): Promise<OptOutState> {
  return optOut(form);
}
