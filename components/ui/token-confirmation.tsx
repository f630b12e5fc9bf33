"use client";

import { startTransition, useActionState, useCallback, type ReactNode, type RefCallback } from "react";
import type { ActionResult } from "@/lib/actions/define-action";
import styles from "./token-confirmation.module.css";
import { TokenPostForm } from "./token-post-form";

type TokenState<T> = ActionResult<T> | null;

/**
 * A page opened from an emailed one-time link: a button and, once it is pressed, the outcome. Opening
 * the page changes nothing (mail scanners open links too); only the button's POST acts. With
 * JavaScript the button runs the server action in place and focus moves to the answer; without it the
 * form posts to `scriptlessAction`, a token form route (lib/route-wrappers/token-form-route.ts) that runs the
 * same action and redirects to the outcome page.
 */
export function TokenConfirmation<T>({
  token,
  action,
  scriptlessAction,
  id,
  title,
  lede,
  aside,
  notYetTitle,
  submitLabel,
  pendingLabel,
  outcome,
}: {
  token: string;
  action: (previous: TokenState<T>, form: FormData) => Promise<TokenState<T>>;
  scriptlessAction: string;
  /** The heading's id while the button shows. */
  id: string;
  title: string;
  lede: ReactNode;
  /** Shown under the lede, before the button: what to weigh before pressing it. */
  aside?: ReactNode;
  /** Heads the alert for an answer `outcome` leaves on the button (the message says why). */
  notYetTitle: string;
  submitLabel: string;
  pendingLabel: string;
  /**
   * The finished state an answer leads to, or null to keep the button, with the answer's message above
   * it. `headingRef` goes on the outcome's heading, which then takes focus.
   */
  outcome: (state: ActionResult<T>, headingRef: RefCallback<HTMLHeadingElement>) => ReactNode | null;
}) {
  const [state, formAction, pending] = useActionState<TokenState<T>, FormData>(action, null);
  // The answer takes focus when it appears: the outcome's heading, or a new alert per failure (its key).
  const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), []);

  const finished = state ? outcome(state, focusOnMount) : null;
  if (finished) return finished;

  return (
    <section aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <p className="lede">{lede}</p>
      {aside}
      {state && !state.ok ? (
        <div key={state.requestId} ref={focusOnMount} role="alert" tabIndex={-1} className={styles.alert}>
          <p className={styles.alertTitle}>{notYetTitle}</p>
          <p>{state.message}</p>
        </div>
      ) : null}
      <TokenPostForm
        action={scriptlessAction}
        fields={{ token }}
        label={pending ? pendingLabel : submitLabel}
        pending={pending}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          startTransition(() => formAction(form));
        }}
      />
    </section>
  );
}
