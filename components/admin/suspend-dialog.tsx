"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { setProviderApprovalAction } from "@/lib/actions/admin/providers";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import ui from "@/components/ui/ui.module.css";
import type { ActionResult } from "@/lib/actions/define-action";
import { setProviderApprovalInputSchema, SUSPENSION_REASON_MAX, type SetProviderApprovalInput } from "@/lib/providers/admin-schemas";

/**
 * Suspend one provider, with the reason its owners are emailed. The dialog says what a suspension
 * really does (lib/provider-core/suspension.ts) and stays open until the reason is valid.
 */
export function SuspendDialog(props: { providerId: string; name: string; onResult: (result: ActionResult<{ changed: boolean }>) => void }) {
  const reasonId = useId();
  const form = useForm<SetProviderApprovalInput>({
    resolver: zodResolver(setProviderApprovalInputSchema),
    defaultValues: { providerId: props.providerId, status: "SUSPENDED", note: "" },
  });
  const reasonError = form.formState.errors.note?.message;

  async function suspend(): Promise<false | void> {
    if (!(await form.trigger())) {
      form.setFocus("note");
      return false;
    }
    const result = await setProviderApprovalAction(form.getValues());
    const fieldError = result.ok ? undefined : result.fieldErrors?.note;
    if (fieldError) {
      form.setError("note", { type: "server", message: fieldError }, { shouldFocus: true });
      return false;
    }
    // The reason belongs to this suspension only: a later one starts blank.
    form.reset();
    props.onResult(result);
  }

  return (
    <ConfirmDialog
      triggerLabel="Suspend"
      triggerClassName={ui.buttonDangerOutline}
      title={`Suspend ${props.name}?`}
      confirmLabel="Suspend"
      tone="danger"
      onConfirm={suspend}
    >
      <p>Until you reinstate it:</p>
      <ul>
        <li>it leaves the public directory, its search and its profile page at once;</li>
        <li>its studio is read-only: its team can sign in and look, but change nothing;</li>
        <li>its API keys are refused on every request;</li>
        <li>invitations to its team wait.</li>
      </ul>
      <p>Nothing is deleted or revoked: reinstating brings everything back as it was.</p>
      <Field
        id={reasonId}
        label="Reason (required)"
        hint="Emailed to its owners, shown on every page of its studio and kept in the audit trail."
        error={reasonError}
      >
        {(a11y) => <textarea {...a11y} {...form.register("note")} className={ui.textarea} rows={3} maxLength={SUSPENSION_REASON_MAX} />}
      </Field>
    </ConfirmDialog>
  );
}
