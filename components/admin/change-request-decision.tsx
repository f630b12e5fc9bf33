"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { decideChangeRequestAction } from "@/app/admin/change-requests/actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import type { ChangeRequestField } from "@/db/enums";
import { changeRequestDecisionInputSchema, type ChangeRequestDecisionInput } from "@/lib/providers/admin-schemas";
import styles from "./admin.module.css";
import { ReasonForm } from "./reason-form";
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
      <ReasonForm
        id={noteId}
        name={`Decline the ${what} change of ${props.providerName}`}
        openLabel="Decline…"
        fieldLabel="Why it is declined"
        hint="The provider's team sees this note in the studio."
        rows={3}
        field={form.register("note")}
        error={noteError}
        submitLabel="Decline the change"
        submittingLabel="Declining…"
        submitting={form.formState.isSubmitting}
        onSubmit={decline}
      />
    </div>
  );
}
