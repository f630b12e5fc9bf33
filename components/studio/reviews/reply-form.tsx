"use client";

import { useState } from "react";
import { useFlash } from "@/components/admin/flash";
import { Notice } from "@/components/ui/notice";
import styles from "@/components/studio/inquiries/inquiries.module.css";
import ui from "@/components/ui/ui.module.css";
import type { ActionFailure } from "@/lib/actions/define-action";
import { editReviewReplyAction, replyToReviewAction } from "@/lib/actions/studio/reviews";
import { REVIEW_REPLY_MAX } from "@/lib/reviews/review-rules";

/**
 * OWNER and ADMIN only: the one public reply to a review, or its edit within the hour (`current` set).
 * The reviewer is emailed when the reply is first published, never on edits.
 */
export function ReplyForm({ reviewId, current }: { reviewId: string; current?: string }) {
  const flash = useFlash();
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [pending, setPending] = useState(false);
  const id = `reply-${reviewId}`;
  const error = failure?.fieldErrors?.body;

  async function send(form: FormData) {
    setPending(true);
    setFailure(null);
    try {
      const result = await (current === undefined ? replyToReviewAction(form) : editReviewReplyAction(form));
      if (result.ok) flash("success", current === undefined ? "Reply published. The reviewer is told by email." : "Reply updated.");
      else setFailure(result);
    } finally {
      setPending(false);
    }
  }

  return (
    <form action={send} className={ui.stack} aria-label={current === undefined ? "Reply to this review" : "Edit your reply"}>
      {failure && !error ? <Notice tone="error">{failure.message}</Notice> : null}
      <input type="hidden" name="reviewId" value={reviewId} />
      <div className={ui.field}>
        <label htmlFor={id} className={ui.label}>
          {current === undefined ? "Your public reply" : "Edit your reply"}{" "}
          <span className={ui.muted}>(shown below the review; editable for an hour)</span>
        </label>
        <textarea
          id={id}
          name="body"
          rows={3}
          required
          maxLength={REVIEW_REPLY_MAX}
          defaultValue={current}
          className={`${ui.textarea} ${styles.noteBox}`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className={ui.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
      <div className={ui.row}>
        <button type="submit" className={ui.button} disabled={pending}>
          {current === undefined ? "Publish reply" : "Save reply"}
        </button>
      </div>
    </form>
  );
}
