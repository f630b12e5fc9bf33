"use client";

import { useActionState } from "react";
import styles from "@/components/apply/apply-form.module.css";
import { withdrawReviewFromForm, type WithdrawReviewState } from "@/lib/actions/reviews/edit-review";
import own from "./review-form.module.css";

/**
 * Withdraw, with its confirm step: a native disclosure opens the explanation and the one button that
 * withdraws, so it asks first with or without JavaScript.
 */
export function WithdrawPanel(props: { token: string; reviewId: string; published: boolean }) {
  const [state, formAction, pending] = useActionState<WithdrawReviewState, FormData>(withdrawReviewFromForm, null);
  const failed = state && !state.ok ? state : null;
  return (
    <details className={own.withdraw} open={failed ? true : undefined}>
      <summary>Withdraw my review</summary>
      <p>
        {props.published
          ? "Your review leaves the provider's profile at once and no longer counts in its rating. This cannot be undone."
          : "Your review will never be published. This cannot be undone."}
      </p>
      {failed ? (
        <div role="alert" className={styles.summary}>
          <p className={styles.summaryTitle}>Your review was not withdrawn</p>
          <p>{failed.message}</p>
        </div>
      ) : null}
      <form action={formAction}>
        <input type="hidden" name="token" value={props.token} />
        <input type="hidden" name="reviewId" value={props.reviewId} />
        <button type="submit" className={own.dangerButton} disabled={pending}>
          {pending ? "Withdrawing…" : "Yes, withdraw my review"}
        </button>
      </form>
    </details>
  );
}
