"use client";

import { useRouter } from "next/navigation";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { ActionFailure } from "@/lib/actions/define-action";
import { describeDecisionFailure } from "./decision-failure";
import { useFlash } from "./flash";

/**
 * How every decision form (applications, change requests) answers a failed action: an error of its
 * text field goes under that field; a decision someone else made first refreshes the list with a
 * notice naming the subject; anything else is shown in place by `showError`.
 */
export function useDecisionFailure<F extends FieldValues>(params: {
  form: UseFormReturn<F>;
  field: Path<F>;
  subject: string;
  showError: (text: string) => void;
}): (failure: ActionFailure) => void {
  const router = useRouter();
  const flash = useFlash();
  return (failure) => {
    const fieldError = failure.fieldErrors?.[params.field];
    if (fieldError) {
      params.form.setError(params.field, { type: "server", message: fieldError });
      return;
    }
    const outcome = describeDecisionFailure(failure);
    if (outcome.refresh) {
      flash(outcome.tone, `${params.subject}: ${outcome.text}`);
      router.refresh();
    } else {
      params.showError(outcome.text);
    }
  };
}
