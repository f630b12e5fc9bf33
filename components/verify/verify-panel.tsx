"use client";

import { startTransition, useActionState, useEffect, useRef } from "react";
import { confirmEmail, type VerifyState } from "@/lib/actions/verify/confirm-email";
import { VerifyOutcome } from "./verify-outcome";
import styles from "./verify.module.css";

/**
 * The confirm button and, once pressed, the outcome. Opening the page changes nothing (mail
 * scanners open links too); only this form's POST confirms. With JavaScript the button runs the server
 * action in place; without it the form posts to /verify/confirm (see that route for why).
 */
export function VerifyPanel({ token }: { token: string }) {
  const [state, formAction, pending] = useActionState<VerifyState, FormData>(confirmEmail, null);
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLDivElement>(null);

  useEffect(() => {
    (heading.current ?? alert.current)?.focus();
  }, [state]);

  if (state?.ok) {
    const kind = state.data.status === "IN_REVIEW" ? "in-review" : "decided";
    return <VerifyOutcome kind={kind} message={state.data.message} headingRef={heading} />;
  }
  if (state?.code === "TOKEN_EXPIRED") return <VerifyOutcome kind="expired" token={token} headingRef={heading} />;
  if (state?.code === "TOKEN_INVALID") return <VerifyOutcome kind="invalid" message={state.message} headingRef={heading} />;

  return (
    <section aria-labelledby="verify-heading">
      <h1 id="verify-heading">Confirm your email</h1>
      <p className="lede">
        One last step: confirm that this is your email address, and your application goes to our review team.
      </p>
      {state ? (
        <div ref={alert} role="alert" tabIndex={-1} className={styles.alert}>
          <p className={styles.alertTitle}>Your email is not confirmed yet</p>
          <p>{state.message}</p>
        </div>
      ) : null}
      <form
        method="post"
        action="/verify/confirm"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          startTransition(() => formAction(form));
        }}
      >
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={styles.button} disabled={pending}>
          {pending ? "Confirming…" : "Confirm my email"}
        </button>
      </form>
    </section>
  );
}
