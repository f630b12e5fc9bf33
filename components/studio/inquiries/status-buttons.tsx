"use client";

import { useActionState } from "react";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import type { DeliveredInquiryStatus } from "@/db/enums";
import { changeInquiryStatusFromForm, type InquiryStatusState } from "@/lib/actions/inquiries/change-inquiry-status";
import { STATUS_LABELS } from "./inquiry-labels";

const ACTIONS: { status: DeliveredInquiryStatus; label: string }[] = [
  { status: "REPLIED", label: "Mark replied" },
  { status: "ARCHIVED", label: "Archive" },
  { status: "SPAM", label: "Mark as spam" },
  { status: "NEW", label: "Back to new" },
];

/** OWNER and ADMIN only: one small form per status (a plain form post without JavaScript). */
export function StatusButtons({ inquiryId, status }: { inquiryId: string; status: DeliveredInquiryStatus }) {
  const [state, formAction, pending] = useActionState<InquiryStatusState, FormData>(changeInquiryStatusFromForm, null);
  const current = state?.ok ? state.data.status : status;
  return (
    <div className={ui.stack}>
      {state?.ok ? <Notice tone="success">Status changed to {STATUS_LABELS[current].toLowerCase()}.</Notice> : null}
      {state && !state.ok ? <Notice tone="error">{state.message}</Notice> : null}
      <div className={ui.row}>
        {ACTIONS.filter((a) => a.status !== current).map((a) => (
          <form key={a.status} action={formAction}>
            <input type="hidden" name="inquiryId" value={inquiryId} />
            <input type="hidden" name="status" value={a.status} />
            <button type="submit" className={a.status === "SPAM" ? ui.buttonDanger : ui.buttonSecondary} disabled={pending}>
              {a.label}
            </button>
          </form>
        ))}
      </div>
    </div>
  );
}
