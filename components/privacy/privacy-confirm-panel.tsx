"use client";

import { TokenConfirmation } from "@/components/ui/token-confirmation";
import { confirmPrivacyFromForm } from "@/lib/actions/privacy/confirm-privacy-request";
import type { PrivacyRequestKind } from "@/db/enums";
import { PrivacyConfirmOutcome } from "./privacy-confirm-outcome";

const WHAT: Record<PrivacyRequestKind, { title: string; lede: string; submit: string }> = {
  ACCESS: {
    title: "Get a copy of your data",
    lede: "Confirm, and we email you a link to a JSON file of what we hold for your email address: the messages you sent providers, your reviews, applications, reports and privacy requests.",
    submit: "Confirm and email me the link",
  },
  ERASE: {
    title: "Erase your data",
    lede: "Confirm, and we erase your name, email address, company and messages from the inquiries you sent (providers keep that an inquiry arrived, and are told it was erased), withdraw your reviews, delete applications not yet reviewed and remove your address from reports and emails. This cannot be undone.",
    submit: "Erase my data",
  },
};

/** The privacy confirm page's button and its outcome; without JavaScript it posts to /privacy/confirm/send. */
export function PrivacyConfirmPanel({ token, kind }: { token: string; kind: PrivacyRequestKind }) {
  const what = WHAT[kind];
  return (
    <TokenConfirmation
      token={token}
      action={confirmPrivacyFromForm}
      scriptlessAction="/privacy/confirm/send"
      id="privacy-confirm-heading"
      title={what.title}
      lede={what.lede}
      notYetTitle="Nothing was done yet"
      submitLabel={what.submit}
      pendingLabel="Working…"
      outcome={(state, headingRef) => {
        if (state.ok) return <PrivacyConfirmOutcome kind={state.data.kind === "ACCESS" ? "access" : "erased"} headingRef={headingRef} />;
        if (state.code === "TOKEN_EXPIRED") return <PrivacyConfirmOutcome kind="expired" headingRef={headingRef} />;
        if (state.code === "TOKEN_INVALID") return <PrivacyConfirmOutcome kind="invalid" headingRef={headingRef} />;
        return null;
      }}
    />
  );
}
