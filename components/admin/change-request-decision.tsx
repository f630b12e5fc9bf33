"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { decideChangeRequestAction } from "@/app/admin/change-requests/actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import type { ChangeRequestField } from "@/db/enums";
import { changeRequestDecisionInputSchema, type ChangeRequestDecisionInput } from "@/lib/providers/admin-schemas";
import styles from "./admin.module.css";
import { useDecisionFailure } from "./use-decision-failure";
import { useFlash } from "./flash";

interface Props {
  changeRequestId: string;
  providerName: string;
  field: ChangeRequestField;
  currentValue: string;
  requestedValue: string;
}

/** Approve (apply the new name or slug) or decline with a note. */
export function ChangeRequestDecision(props: Props) {
  const flash = useFlash();
  const [declining, setDeclining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangeRequestDecisionInput>({
    resolver: zodResolver(changeRequestDecisionInputSchema),
    defaultValues: { changeRequestId: props.changeRequestId, decision: "DECLINE", note: "" },
  });
  const noteId = `decline-note-${props.changeRequestId}`;
  const what = props.field === "NAME" ? "name" : "slug";
  const noteError = (form.formState.errors as { note?: { message?: string } }).note?.message;

  const fail = useDecisionFailure({ form, field: "note", subject: props.providerName, showError: setError });

  async function approve() {
    setError(null);
    const result = await decideChangeRequestAction({ changeRequestId: props.changeRequestId, decision: "APPROVE" });
    if (!result.ok) return fail(result);
    flash("success", `Approved: ${props.providerName}'s ${what} is now “${props.requestedValue}”.`);
  }

  const decline = form.handleSubmit(async (input) => {
    setError(null);
    const result = await decideChangeRequestAction(input);
    if (!result.ok) return fail(result);
    flash("success", `Declined the ${what} change of ${props.providerName}.`);
  });

  return (
    <div className={styles.actions}>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ConfirmDialog
        triggerLabel="Approve"
        triggerAriaLabel={`Approve the ${what} change of ${props.providerName}`}
        title={`Change the ${what} to “${props.requestedValue}”?`}
        confirmLabel="Approve the change"
        tone="primary"
        onConfirm={approve}
      >
        {props.field === "SLUG" ? (
          <p>
            The profile moves to /providers/{props.requestedValue}. The old address /providers/{props.currentValue} keeps
            working as a permanent redirect, on the site and in the API.
          </p>
        ) : (
          <p>The directory and the profile show the new name at once.</p>
        )}
      </ConfirmDialog>
      {declining ? (
        <form className={styles.reasonForm} onSubmit={decline} noValidate aria-label={`Decline the ${what} change of ${props.providerName}`}>
          <Field id={noteId} label="Why it is declined" hint="The provider's team sees this note in the studio." error={noteError}>
            {(a11y) => <textarea {...a11y} {...form.register("note")} className={ui.textarea} rows={3} />}
          </Field>
          <div className={ui.row}>
            <button type="submit" className={ui.buttonDanger} disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? "Declining…" : "Decline the change"}
            </button>
            <button type="button" className={ui.buttonSecondary} onClick={() => setDeclining(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className={ui.buttonSecondary}
          aria-label={`Decline the ${what} change of ${props.providerName}`}
          onClick={() => {
            setDeclining(true);
            requestAnimationFrame(() => document.getElementById(noteId)?.focus());
          }}
        >
          Decline…
        </button>
      )}
    </div>
  );
}
