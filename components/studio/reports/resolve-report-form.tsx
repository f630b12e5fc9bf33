"use client";

import { useState } from "react";
import { useFlash } from "@/components/admin/flash";
import { Notice } from "@/components/ui/notice";
import styles from "@/components/studio/inquiries/inquiries.module.css";
import ui from "@/components/ui/ui.module.css";
import type { ActionFailure } from "@/lib/actions/define-action";
import { resolveReportAction } from "@/lib/actions/reports/resolve-report";
import { REPORT_NOTE_MAX } from "@/lib/listing-reports/report-rules";
import { RESOLUTION_LABELS } from "./report-labels";

/**
 * OWNER and ADMIN only: answer a report with an optional note, as fixed (which also confirms the
 * listing's details) or not an issue; the button pressed says which. An answered report leaves the
 * open list when the page refreshes, so the outcome is said above the list (FlashProvider).
 */
export function ResolveReportForm({ reportId }: { reportId: string }) {
  const flash = useFlash();
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [pending, setPending] = useState(false);
  const noteId = `resolve-note-${reportId}`;
  const noteError = failure?.fieldErrors?.note as string | undefined;

  async function answer(form: FormData) {
    setPending(true);
    setFailure(null);
    try {
      const result = await resolveReportAction(form);
      if (result.ok) flash("success", `Report marked ${RESOLUTION_LABELS[result.data.resolution ?? "FIXED"].toLowerCase()}.`);
      else setFailure(result);
    } finally {
      setPending(false);
    }
  }

  return (
    <form action={answer} className={ui.stack} aria-label="Answer this report">
      {failure && !noteError ? <Notice tone="error">{failure.message}</Notice> : null}
      <input type="hidden" name="reportId" value={reportId} />
      <div className={ui.field}>
        <label htmlFor={noteId} className={ui.label}>
          Note <span className={ui.muted}>(optional, for your team)</span>
        </label>
        <textarea
          id={noteId}
          name="note"
          rows={2}
          maxLength={REPORT_NOTE_MAX}
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
        <button type="submit" name="action" value="FIXED" className={ui.button} disabled={pending}>
          Fixed: listing updated
        </button>
        <button type="submit" name="action" value="NOT_AN_ISSUE" className={ui.buttonSecondary} disabled={pending}>
          Not an issue
        </button>
      </div>
    </form>
  );
}
