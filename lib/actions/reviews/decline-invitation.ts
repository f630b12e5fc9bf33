"use server";

import { defineAction, type ActionResult } from "@/lib/actions/define-action";
import { declineReviewInvitation } from "@/lib/reviews/decline-review-invitation";
import { reviewDeclineFormSchema } from "@/lib/reviews/invitation-schemas";

export type DeclineInvitationState = ActionResult<{ success: true; status: "DECLINED" }> | null;

const decline = defineAction({ name: "reviews.decline", input: reviewDeclineFormSchema }, ({ db, input }) =>
  declineReviewInvitation(db, { token: input.token, reason: input.reason, now: new Date() }),
);

/** The decline page's form (the token in a hidden field, the reason chosen); opening the page changes nothing. */
export async function declineInvitation(_previous: DeclineInvitationState, form: FormData): Promise<DeclineInvitationState> {
  return decline(form);
}
