"use client";

import { useActionState } from "react";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { resolveReportFromForm, type ResolveReportState } from "@/lib/actions/reports/resolve-report";
import { REPORT_NOTE_MAX } from "@/lib/listing-reports/report-rules";
import { RESOLUTION_LABELS } from "./report-labels";

/**
 * OWNER and ADMIN only: answer a report with an optional note, as fixed (which also confirms the
 * listing's details) or not an issue. A plain form post without JavaScript; the button pressed says which.
 */
export function ResolveReportForm({ reportId }: { reportId: string }) {
  const [state, formAction, pending] = useActionState<ResolveReportState, FormData>(resolveReportFromForm, null);
  if (state?.ok) {
    return <Notice tone="success">Marked {RESOLUTION_LABELS[state.data.resolution ?? "FIXED"].toLowerCase()}.</Notice>;
  }
  const noteId = `resolve-note-${reportId}`;
  const noteError = state && !state.ok ? (state.fieldErrors?.note as string | undefined) : undefined;
  return (
    <form action={formAction} className={ui.stack} aria-label="Answer this report">
      {state && !state.ok && !noteError ? <Notice tone="error">{state.message}</Notice> : null}
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
          className={ui.textarea}
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
