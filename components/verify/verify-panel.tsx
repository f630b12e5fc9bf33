"use client";

import { confirmEmail } from "@/lib/actions/verify/confirm-email";
import type { LinkedApplication } from "@/lib/applications/read-verification-link";
import { TokenConfirmation } from "@/components/ui/token-confirmation";
import { AlsoHasNotice } from "./also-has-notice";
import { applicationName } from "./application-name";
import { VerifyOutcome } from "./verify-outcome";

type PanelApplication = Pick<LinkedApplication, "email" | "companyName" | "alsoHas">;

/**
 * The application's "Confirm my email" button and its outcome; without JavaScript it posts to
 * /verify/confirm. It names what is confirmed (the address and the company), which the link's holder
 * may see: the link reached that mailbox. A well-formed link we never sent gets the button without
 * names (`application` absent), and pressing it says the link does not work.
 */
export function VerifyPanel({ token, application }: { token: string; application?: PanelApplication }) {
  const name = application ? applicationName(application) : null;
  return (
    <TokenConfirmation
      token={token}
      action={confirmEmail}
      scriptlessAction="/verify/confirm"
      id="verify-heading"
      title="Confirm your email"
      lede={
        application ? (
          <>
            One last step: confirm that <strong>{application.email}</strong> is your address, and your application for{" "}
            <strong>{name}</strong> goes to our review team.
          </>
        ) : (
          "One last step: confirm that this is your email address, and your application goes to our review team."
        )
      }
      aside={application ? <AlsoHasNotice alsoHas={application.alsoHas} /> : null}
      notYetTitle="Your email is not confirmed yet"
      submitLabel="Confirm my email"
      pendingLabel="Confirming…"
      outcome={(state, headingRef) => {
        if (state.ok && state.data.status === "IN_REVIEW") {
          const message = application
            ? `Your application for ${name} (${application.email}) is confirmed and waiting for review.`
            : state.data.message;
          const statusHref = `/verify?token=${encodeURIComponent(token)}`;
          return <VerifyOutcome kind="in-review" message={message} headingRef={headingRef} statusHref={statusHref} />;
        }
        if (state.ok) return <VerifyOutcome kind="decided" message={state.data.message} headingRef={headingRef} />;
        if (state.code === "TOKEN_EXPIRED") return <VerifyOutcome kind="expired" token={token} headingRef={headingRef} />;
        if (state.code === "TOKEN_INVALID") return <VerifyOutcome kind="invalid" message={state.message} headingRef={headingRef} />;
        return null;
      }}
    />
  );
}
