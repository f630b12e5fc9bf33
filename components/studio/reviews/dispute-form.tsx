"use client";

import { useState } from "react";
import { useFlash } from "@/components/admin/flash";
import { Notice } from "@/components/ui/notice";
import styles from "@/components/studio/inquiries/inquiries.module.css";
import ui from "@/components/ui/ui.module.css";
import { REVIEW_DISPUTE_REASONS } from "@/db/enums";
import type { ActionFailure } from "@/lib/actions/define-action";
import { openReviewDisputeAction } from "@/lib/actions/studio/reviews";
import { REVIEW_DISPUTE_NOTE_MAX, REVIEW_DISPUTE_NOTE_MIN } from "@/lib/reviews/review-rules";

const REASON_OPTIONS: Record<(typeof REVIEW_DISPUTE_REASONS)[number], string> = {
  NO_ENGAGEMENT: "We never worked with this reviewer",
  CONFLICT_OF_INTEREST: "The reviewer has a conflict of interest",
  PERSONAL_DATA: "The review contains personal data",
  ABUSIVE: "The review is abusive",
};

/**
 * OWNER and ADMIN only: ask the registry to check a review. Folded away by default (a <details>), so
 * disagreeing is answered by the reply first; the note is for the moderators, not the reviewer.
 */
export function DisputeForm({ reviewId }: { reviewId: string }) {
  const flash = useFlash();
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [pending, setPending] = useState(false);
  const reasonId = `dispute-reason-${reviewId}`;
  const noteId = `dispute-note-${reviewId}`;
  const noteError = failure?.fieldErrors?.note;
  const reasonError = failure?.fieldErrors?.reason;

  async function send(form: FormData) {
    setPending(true);
    setFailure(null);
    try {
      const result = await openReviewDisputeAction(form);
      if (result.ok) flash("success", `Dispute opened. The registry decides by ${result.data.dueAt.slice(0, 10)}; the review stays published meanwhile.`);
      else setFailure(result);
    } finally {
      setPending(false);
    }
  }

  return (
    <details>
      <summary>Dispute this review</summary>
      <form action={send} className={ui.stack} aria-label="Dispute this review">
        <p className={ui.muted}>
          Only for a review that breaks the rules. If you disagree with it, reply instead. The review stays published, marked as under
          review, until the registry decides (within 14 days).
        </p>
        {failure && !noteError && !reasonError ? <Notice tone="error">{failure.message}</Notice> : null}
        <input type="hidden" name="reviewId" value={reviewId} />
        <div className={ui.field}>
          <label htmlFor={reasonId} className={ui.label}>
            Reason
          </label>
          <select id={reasonId} name="reason" className={ui.select} required defaultValue="">
            <option value="" disabled>
              Choose a reason
            </option>
            {REVIEW_DISPUTE_REASONS.map((r) => (
              <option key={r} value={r}>
                {REASON_OPTIONS[r]}
              </option>
            ))}
          </select>
          {reasonError ? <p className={ui.fieldError}>{reasonError}</p> : null}
        </div>
        <div className={ui.field}>
          <label htmlFor={noteId} className={ui.label}>
            What the moderators should know{" "}
            <span className={ui.muted}>
              ({REVIEW_DISPUTE_NOTE_MIN}–{REVIEW_DISPUTE_NOTE_MAX} characters; not shown to the reviewer)
            </span>
          </label>
          <textarea
            id={noteId}
            name="note"
            rows={3}
            required
            minLength={REVIEW_DISPUTE_NOTE_MIN}
            maxLength={REVIEW_DISPUTE_NOTE_MAX}
            className={`${ui.textarea} ${styles.noteBox}`}
            aria-invalid={Boolean(noteError)}
            aria-describedby={noteError ? `${noteId}-error` : undefined}
          />
          {noteError ? (
            <p id={`${noteId}-error`} className={ui.fieldError}>
              {noteError}
            </p>
          ) : null}
        </div>
        <div className={ui.row}>
          <button type="submit" className={ui.buttonSecondary} disabled={pending}>
            Open dispute
          </button>
        </div>
      </form>
    </details>
  );
}
