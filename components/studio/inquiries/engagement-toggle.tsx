"use client";

import { useActionState } from "react";
import { formatDate } from "@/components/ui/format";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { markEngagementFromForm, type EngagementState } from "@/lib/actions/inquiries/mark-engagement";
import type { InquiryView } from "@/lib/inquiries/schemas";
import { reviewInvitationLine } from "./review-invitation-line";

/**
 * "We worked together" and its undo (OWNER and ADMIN): the mark brings the sender's review invitation
 * forward; the sender is asked either way. A plain form post without JavaScript. The undo goes once
 * the invitation was sent; a spam inquiry cannot be marked.
 */
export function EngagementToggle({ inquiry, canWrite }: { inquiry: InquiryView; canWrite: boolean }) {
  const [state, formAction, pending] = useActionState<EngagementState, FormData>(markEngagementFromForm, null);
  const current = state?.ok ? state.data : inquiry;
  const engaged = current.engagedAt !== null;
  const canUndo = current.reviewInvitation.status === "SCHEDULED" || current.reviewInvitation.status === "NOT_ELIGIBLE";
  const showButton = canWrite && (engaged ? canUndo : current.status !== "SPAM");
  return (
    <div className={ui.stack}>
      {state && !state.ok ? <Notice tone="error">{state.message}</Notice> : null}
      <p role="status">
        {engaged ? `You marked that you worked together on ${formatDate(current.engagedAt)}. ` : ""}
        {reviewInvitationLine(current.reviewInvitation)}
      </p>
      {showButton ? (
        <form action={formAction}>
          <input type="hidden" name="inquiryId" value={current.id} />
          <input type="hidden" name="engaged" value={engaged ? "false" : "true"} />
          <button type="submit" className={engaged ? ui.buttonSecondary : ui.button} disabled={pending}>
            {engaged ? "Undo: we did not work together" : "We worked together"}
          </button>
        </form>
      ) : null}
    </div>
  );
}
