"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { approveApplicationAction, rejectApplicationAction } from "@/lib/actions/admin/applications";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { rejectApplicationInputSchema, type RejectApplicationInput } from "@/lib/applications/schemas";
import styles from "./admin.module.css";
import { focusNextCard } from "./focus-next-card";
import { ReasonForm } from "./reason-form";
import { useDecisionFailure } from "./use-decision-failure";
import { useFlash } from "./flash";

/** Approve or reject one application in review. */
export function ApplicationDecision(props: { applicationId: string; applicantName: string; email: string; providerName: string }) {
  const flash = useFlash();
  const [error, setError] = useState<string | null>(null);
  // Where focus moves on from after a decision (by id: the handlers run outside render).
  const actionsId = `decision-${props.applicationId}`;
  const form = useForm<RejectApplicationInput>({
    resolver: zodResolver(rejectApplicationInputSchema),
    defaultValues: { applicationId: props.applicationId, reason: "" },
  });
  const reasonId = `reject-reason-${props.applicationId}`;

  const fail = useDecisionFailure({ form, field: "reason", subject: props.applicantName, showError: setError });

  async function approve() {
    setError(null);
    const result = await approveApplicationAction({ applicationId: props.applicationId });
    if (!result.ok) return fail(result);
    flash(
      "success",
      <>
        Approved {props.applicantName}. The provider{" "}
        <Link href={`/admin/providers/${result.data.providerSlug}`}>{result.data.providerSlug}</Link> is created and the
        approval email is on its way.
      </>,
    );
    focusNextCard(document.getElementById(actionsId));
  }

  const reject = form.handleSubmit(async (input) => {
    setError(null);
    const result = await rejectApplicationAction(input);
    if (!result.ok) return fail(result);
    flash("success", `Rejected ${props.applicantName}. The rejection email is on its way.`);
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
        triggerAriaLabel={`Approve ${props.applicantName}`}
        title={`Approve ${props.applicantName}?`}
        confirmLabel="Approve and send the email"
        tone="primary"
        onConfirm={approve}
      >
        <p>
          This creates the provider “{props.providerName}” (approved, not yet published), makes {props.email} its owner
          and emails them a link to the studio.
        </p>
      </ConfirmDialog>
      <ReasonForm
        id={reasonId}
        name={`Reject ${props.applicantName}`}
        openLabel={
          <>
            <span aria-hidden="true">✗</span> Reject…
          </>
        }
        fieldLabel="Reason for the rejection"
        hint="Quoted in the email to the applicant: be kind and specific."
        rows={4}
        field={form.register("reason")}
        error={form.formState.errors.reason?.message}
        submitLabel="Reject and send the email"
        submittingLabel="Rejecting…"
        submitting={form.formState.isSubmitting}
        onSubmit={reject}
      />
    </div>
  );
}
