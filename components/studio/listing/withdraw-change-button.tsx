"use client";

import { useState } from "react";
import { withdrawChangeRequestAction } from "@/lib/actions/studio/listing";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { useActionFailure } from "./use-action-failure";

export function WithdrawChangeButton({ requestId, description }: { requestId: string; description: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const describeFailure = useActionFailure();
  return (
    <>
      <button
        type="button"
        className={ui.buttonSecondary}
        aria-label={`Withdraw the request for ${description}`}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const result = await withdrawChangeRequestAction({ requestId });
          if (!result.ok) setError(describeFailure(result));
          setBusy(false);
        }}
      >
        {busy ? "Withdrawing…" : "Withdraw"}
      </button>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </>
  );
}
