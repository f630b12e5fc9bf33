"use client";

import { startTransition, useActionState, useEffect, useRef } from "react";
import { confirmInquiry, type ConfirmInquiryState } from "@/lib/actions/inquiries/confirm-inquiry";
import styles from "@/components/verify/verify.module.css";
import { ConfirmOutcome, type ConfirmOutcomeKind } from "./confirm-outcome";

/**
 * The inquiry's confirm button and, once pressed, the outcome. Opening the page changes nothing (mail
 * scanners open links too); only this form's POST delivers the message. Without JavaScript the form
 * posts to /inquiries/confirm/send, as the application's verify page does.
 */
export function ConfirmPanel({ token, linkLifetimeHours }: { token: string; linkLifetimeHours: number }) {
  const [state, formAction, pending] = useActionState<ConfirmInquiryState, FormData>(confirmInquiry, null);
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLDivElement>(null);

  useEffect(() => {
    (heading.current ?? alert.current)?.focus();
  }, [state]);

  const outcome = (kind: ConfirmOutcomeKind, message: string) => (
    <ConfirmOutcome kind={kind} linkLifetimeHours={linkLifetimeHours} message={message} headingRef={heading} />
  );
  if (state?.ok) return outcome("delivered", state.data.message);
  if (state?.code === "TOKEN_EXPIRED") return outcome("expired", state.message);
  if (state?.code === "TOKEN_INVALID") return outcome("invalid", state.message);
  if (state?.code === "NOT_FOUND") return outcome("unlisted", state.message);

  return (
    <section aria-labelledby="confirm-heading">
      <h1 id="confirm-heading">Send your message</h1>
      <p className="lede">
        One last step: confirm that this is your email address, and your message goes to the provider. They answer you by
        email.
      </p>
      {state ? (
        <div ref={alert} role="alert" tabIndex={-1} className={styles.alert}>
          <p className={styles.alertTitle}>Your message is not sent yet</p>
          <p>{state.message}</p>
        </div>
      ) : null}
      <form
        method="post"
        action="/inquiries/confirm/send"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          startTransition(() => formAction(form));
        }}
      >
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={styles.button} disabled={pending}>
          {pending ? "Sending…" : "Confirm and send my message"}
        </button>
      </form>
    </section>
  );
}
