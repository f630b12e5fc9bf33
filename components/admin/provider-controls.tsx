"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { setProviderApprovalAction, setProviderFeaturedAction } from "@/lib/actions/admin/providers";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import type { ApprovalStatus } from "@/db/enums";
import type { ActionResult } from "@/lib/actions/define-action";
import { SuspendDialog } from "./suspend-dialog";

interface Props {
  providerId: string;
  name: string;
  featured: boolean;
  approvalStatus: ApprovalStatus;
}

/** Feature / unfeature, and approve / suspend / reinstate one provider. */
export function ProviderControls(props: Props) {
  const router = useRouter();
  // `id` tells two equal messages apart, so each result moves focus again.
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string; id: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const notice = useRef<HTMLDivElement>(null);

  // Focus lands on the result, after the confirm dialog has closed and handed focus back to its trigger
  // (which a suspension or reinstatement removes from the page).
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => notice.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [message]);

  function report(result: ActionResult<{ changed: boolean }>, done: string, already: string) {
    const id = Date.now();
    if (result.ok) setMessage({ tone: "success", text: result.data.changed ? done : already, id });
    else setMessage({ tone: "error", text: result.message, id });
    router.refresh();
  }

  async function run(action: () => Promise<ActionResult<{ changed: boolean }>>, done: string, already: string) {
    setBusy(true);
    setMessage(null);
    try {
      report(await action(), done, already);
    } finally {
      setBusy(false);
    }
  }

  const approve = (done: string, already: string) =>
    run(() => setProviderApprovalAction({ providerId: props.providerId, status: "APPROVED" }), done, already);

  return (
    <div className={ui.stack}>
      <div aria-live="polite">
        {message ? (
          <Notice key={message.id} tone={message.tone} ref={notice}>
            {message.text}
          </Notice>
        ) : null}
      </div>
      <div className={ui.row}>
        <button
          type="button"
          className={ui.buttonSecondary}
          disabled={busy}
          onClick={() =>
            run(
              () => setProviderFeaturedAction({ providerId: props.providerId, featured: !props.featured }),
              props.featured ? "No longer featured." : "Featured: it now leads the directory when published.",
              props.featured ? "It was already not featured." : "It was already featured.",
            )
          }
        >
          {props.featured ? "Unfeature" : "Feature"}
        </button>
        {props.approvalStatus === "SUSPENDED" ? (
          <ConfirmDialog
            triggerLabel="Reinstate"
            title={`Reinstate ${props.name}?`}
            confirmLabel="Reinstate"
            tone="primary"
            onConfirm={() => approve("Reinstated: its owners have been emailed. If its listing is published, it is public again.", "It was already approved.")}
          >
            <p>
              Its studio, API keys and invitations work again, its listing returns to the public directory if it is
              published, and its owners are emailed that the suspension is over.
            </p>
          </ConfirmDialog>
        ) : null}
        {props.approvalStatus === "PENDING" ? (
          <ConfirmDialog
            triggerLabel="Approve"
            title={`Approve ${props.name}?`}
            confirmLabel="Approve"
            tone="primary"
            onConfirm={() => approve("Approved.", "It was already approved.")}
          >
            <p>Once approved, its team can publish the listing to the public directory.</p>
          </ConfirmDialog>
        ) : null}
        {props.approvalStatus !== "SUSPENDED" ? (
          <SuspendDialog
            providerId={props.providerId}
            name={props.name}
            onResult={(result) => report(result, "Suspended: it has left the public directory and its owners have been emailed the reason.", "It was already suspended.")}
          />
        ) : null}
      </div>
    </div>
  );
}
