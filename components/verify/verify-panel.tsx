"use client";

import { confirmEmail } from "@/lib/actions/verify/confirm-email";
import { TokenConfirmation } from "@/components/ui/token-confirmation";
import { VerifyOutcome } from "./verify-outcome";

/** The application's "Confirm my email" button and its outcome; without JavaScript it posts to /verify/confirm. */
export function VerifyPanel({ token }: { token: string }) {
  return (
    <TokenConfirmation
      token={token}
      action={confirmEmail}
      scriptlessAction="/verify/confirm"
      id="verify-heading"
      title="Confirm your email"
      lede="One last step: confirm that this is your email address, and your application goes to our review team."
      notYetTitle="Your email is not confirmed yet"
      submitLabel="Confirm my email"
      pendingLabel="Confirming…"
      outcome={(state, headingRef) => {
        if (state.ok) {
          const kind = state.data.status === "IN_REVIEW" ? "in-review" : "decided";
          return <VerifyOutcome kind={kind} message={state.data.message} headingRef={headingRef} />;
        }
        if (state.code === "TOKEN_EXPIRED") return <VerifyOutcome kind="expired" token={token} headingRef={headingRef} />;
        if (state.code === "TOKEN_INVALID") return <VerifyOutcome kind="invalid" message={state.message} headingRef={headingRef} />;
        return null;
      }}
    />
  );
}
