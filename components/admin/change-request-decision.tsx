"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { decideChangeRequestAction } from "@/lib/actions/admin/change-requests";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import type { ChangeRequestField } from "@/db/enums";
import { changeRequestDecisionInputSchema, type ChangeRequestDecisionInput } from "@/lib/providers/admin-schemas";
import styles from "./admin.module.css";
import { focusNextCard } from "./focus-next-card";
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
  // Where focus moves on from after a decision (by id: the handlers run outside render).
  const actionsId = `decision-${props.changeRequestId}`;
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
    focusNextCard(document.getElementById(actionsId));
  }

  const decline = form.handleSubmit(async (input) => {
    setError(null);
    const result = await decideChangeRequestAction(input);
    if (!result.ok) return fail(result);
    flash("success", `Declined the ${what} change of ${props.providerName}.`);
    focusNextCard(document.getElementById(actionsId));
  });

  return (
    <div className={styles.actions} id={actionsId}>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ConfirmDialog
        triggerLabel={
          <>
            <span aria-hidden="true">✓</span> Approve
          </>
        }
        triggerClassName={ui.buttonApprove}
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
        openLabel={
          <>
            <span aria-hidden="true">✗</span> Decline…
          </>
        }
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
