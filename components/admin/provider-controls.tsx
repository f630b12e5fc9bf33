"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { setProviderApprovalAction, setProviderFeaturedAction } from "@/lib/actions/admin/providers";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import type { ApprovalStatus } from "@/db/enums";
import type { ActionResult } from "@/lib/actions/define-action";

interface Props {
  providerId: string;
  name: string;
  featured: boolean;
  approvalStatus: ApprovalStatus;
}

/** Feature / unfeature, and approve / suspend / reinstate one provider. */
export function ProviderControls(props: Props) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");

  async function run(action: () => Promise<ActionResult<{ changed: boolean }>>, done: string, already: string) {
    setBusy(true);
    setMessage(null);
    try {
      const result = await action();
      if (result.ok) setMessage({ tone: "success", text: result.data.changed ? done : already });
      else setMessage({ tone: "error", text: result.message });
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  // The note belongs to a suspension only; it is cleared once sent so it never rides along with a later change.
  const setApproval = (status: "APPROVED" | "SUSPENDED", done: string, already: string) =>
    run(
      () =>
        setProviderApprovalAction(
          status === "SUSPENDED" ? { providerId: props.providerId, status, note } : { providerId: props.providerId, status },
        ),
      done,
      already,
    ).then(() => setNote(""));

  return (
    <div className={ui.stack}>
      <div aria-live="polite">{message ? <Notice tone={message.tone}>{message.text}</Notice> : null}</div>
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
            onConfirm={() => setApproval("APPROVED", "Reinstated. If its listing is published, it is public again.", "It was already approved.")}
          >
            <p>Its listing returns to the public directory if it is published.</p>
          </ConfirmDialog>
        ) : null}
        {props.approvalStatus === "PENDING" ? (
          <ConfirmDialog
            triggerLabel="Approve"
            title={`Approve ${props.name}?`}
            confirmLabel="Approve"
            tone="primary"
            onConfirm={() => setApproval("APPROVED", "Approved.", "It was already approved.")}
          >
            <p>Once approved, its team can publish the listing to the public directory.</p>
          </ConfirmDialog>
        ) : null}
        {props.approvalStatus !== "SUSPENDED" ? (
          <ConfirmDialog
            triggerLabel="Suspend"
            title={`Suspend ${props.name}?`}
            confirmLabel="Suspend"
            onConfirm={() => setApproval("SUSPENDED", "Suspended: it has left the public directory.", "It was already suspended.")}
          >
            <p>
              It leaves the public directory at once. Its team can still sign in to the studio and its API keys keep
              working for its own data.
            </p>
            <div className={ui.field}>
              <label className={ui.label} htmlFor="suspend-note">
                Note for the audit trail (optional)
              </label>
              <textarea
                id="suspend-note"
                className={ui.textarea}
                rows={3}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
          </ConfirmDialog>
        ) : null}
      </div>
    </div>
  );
}
