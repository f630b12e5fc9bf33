"use client";

import { confirmListingByLink } from "@/lib/actions/listing/confirm-by-link";
import { TokenConfirmation } from "@/components/ui/token-confirmation";
import { ConfirmLinkOutcome } from "./confirm-link-outcome";

/**
 * The confirm link's button and its outcome: the page (server) says which listing it confirms; this
 * only posts. Without JavaScript the form posts to /listing/confirm/send.
 */
export function ConfirmLinkPanel({ token, providerName, confirmedOn, hidden }: {
  token: string;
  providerName: string;
  /** The last confirmation's date, in words. */
  confirmedOn: string;
  hidden: boolean;
}) {
  return (
    <TokenConfirmation
      token={token}
      action={confirmListingByLink}
      scriptlessAction="/listing/confirm/send"
      id="confirm-link-heading"
      title="Confirm your listing's details"
      lede={
        <>
          Press the button to confirm that the listing of <strong>{providerName}</strong> is still current (last
          confirmed on {confirmedOn}).{" "}
          {hidden
            ? "It is hidden from the directory because it was not confirmed for 210 days: confirming shows it again at once, exactly as before."
            : "Nothing else changes."}
        </>
      }
      notYetTitle="The details are not confirmed yet"
      submitLabel="Confirm the details are current"
      pendingLabel="Confirming…"
      outcome={(state, headingRef) => {
        if (state.ok) return <ConfirmLinkOutcome kind={state.data.restored ? "restored" : "confirmed"} headingRef={headingRef} />;
        if (state.code === "CONFLICT") return <ConfirmLinkOutcome kind="used" headingRef={headingRef} />;
        if (state.code === "TOKEN_EXPIRED") return <ConfirmLinkOutcome kind="expired" headingRef={headingRef} />;
        if (state.code === "TOKEN_INVALID") return <ConfirmLinkOutcome kind="invalid" headingRef={headingRef} />;
        if (state.code === "PROVIDER_SUSPENDED") return <ConfirmLinkOutcome kind="suspended" headingRef={headingRef} />;
        return null;
      }}
    />
  );
}
