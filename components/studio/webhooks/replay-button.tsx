"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { replayWebhookDeliveryAction } from "@/lib/actions/studio/webhooks";
import { useWebhookFailure } from "./use-webhook-failure";

/** Sends one delivery again now: the same message id, a new timestamp and signature. */
export function ReplayButton(props: { endpointId: string; messageId: string; disabled?: boolean }) {
  const router = useRouter();
  const describe = useWebhookFailure();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  async function replay() {
    setBusy(true);
    setMessage(null);
    const result = await replayWebhookDeliveryAction({ endpointId: props.endpointId, messageId: props.messageId });
    setBusy(false);
    if (!result.ok) return setMessage({ tone: "error", text: describe(result) });
    setMessage({ tone: "success", text: "Queued to be sent again now." });
    router.refresh();
  }

  return (
    <div className={ui.stack}>
      <div>
        <button type="button" className={ui.button} onClick={replay} disabled={busy || props.disabled}>
          {busy ? "Queuing…" : "Replay"}
        </button>
      </div>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
    </div>
  );
}
