"use client";

import { useState } from "react";
import { confirmListingAction } from "@/lib/actions/studio/listing";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { useActionFailure } from "./listing/use-action-failure";

/** "Confirm details are current": the page re-renders with the new dates from the server when it succeeds. */
export function FreshnessConfirmButton({ hidden }: { hidden: boolean }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const describeFailure = useActionFailure();

  async function confirm() {
    setBusy(true);
    setMessage(null);
    try {
      const result = await confirmListingAction({});
      if (!result.ok) setMessage({ tone: "error", text: describeFailure(result) });
      else
        setMessage({
          tone: "success",
          text: hidden ? "Confirmed: the listing is back in the public directory." : "Confirmed: the details count as current from today.",
        });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={ui.stack}>
      <div className={ui.row}>
        <button type="button" className={ui.button} disabled={busy} onClick={confirm}>
          {busy ? "Confirming…" : "Confirm details are current"}
        </button>
      </div>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
    </div>
  );
}
