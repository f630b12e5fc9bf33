"use client";

import { confirmInquiry } from "@/lib/actions/inquiries/confirm-inquiry";
import { roughDuration } from "@/components/apply/failure-message";
import { TokenConfirmation } from "@/components/ui/token-confirmation";
import { ConfirmOutcome, type ConfirmOutcomeKind } from "./confirm-outcome";

/** The inquiry's "Confirm and send my message" button and its outcome; without JavaScript it posts to /inquiries/confirm/send. */
export function ConfirmPanel({ token, linkLifetimeHours }: { token: string; linkLifetimeHours: number }) {
  return (
    <TokenConfirmation
      token={token}
      action={confirmInquiry}
      scriptlessAction="/inquiries/confirm/send"
      id="confirm-heading"
      title="Send your message"
      lede="One last step: confirm that this is your email address, and your message goes to the provider. They answer you by email."
      notYetTitle="Your message is not sent yet"
      submitLabel="Confirm and send my message"
      pendingLabel="Sending…"
      outcome={(state, headingRef) => {
        const outcome = (kind: ConfirmOutcomeKind, message?: string) => (
          <ConfirmOutcome kind={kind} linkLifetimeHours={linkLifetimeHours} message={message} headingRef={headingRef} token={token} />
        );
        if (state.ok) return outcome("delivered", state.data.message);
        // Expired while the page was open: the page's own words, with "Send me a new link".
        if (state.code === "TOKEN_EXPIRED") return outcome("expired");
        if (state.code === "TOKEN_INVALID") return outcome("invalid", state.message);
        if (state.code === "NOT_FOUND") return outcome("unlisted", state.message);
        if (state.code === "RATE_LIMITED") {
          const wait = state.retryAfterSeconds ? ` You can send it in ${roughDuration(state.retryAfterSeconds)}.` : "";
          return outcome("held", `${state.message}${wait}`);
        }
        return null;
      }}
    />
  );
}
