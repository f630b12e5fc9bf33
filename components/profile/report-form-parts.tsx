"use client";

import { Turnstile } from "@marsidev/react-turnstile";
import { useEffect, useRef, type Ref, type RefObject } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { summariseFailure } from "@/components/apply/failure-message";
import apply from "@/components/apply/apply-form.module.css";
import { ContactField } from "@/components/inquiries/contact-fields";
import type { useTurnstileToken } from "@/components/ui/use-turnstile-token";
import type { ActionFailure, ActionResult } from "@/lib/actions/define-action";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";

// What the public report forms share (a listing's "Report outdated information" and a review's
// report): where focus goes after an answer, the failure summary, the optional email, the security
// check and the send button.

/**
 * After the action answers: focus the thank-you heading, or put the server's field errors on their
 * fields, or focus the summary when no field has one.
 */
export function useReportOutcome<T>(
  state: ActionResult<T> | null,
  fieldNames: readonly string[],
  setFieldError: (path: string, message: string) => void,
): { summaryRef: RefObject<HTMLDivElement | null>; doneRef: RefObject<HTMLHeadingElement | null> } {
  const summaryRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!state) return;
    if (state.ok) {
      doneRef.current?.focus();
      return;
    }
    const fieldErrors = Object.entries(state.fieldErrors ?? {}).filter(([path]) => fieldNames.includes(path));
    for (const [path, message] of fieldErrors) setFieldError(path, message);
    if (fieldErrors.length === 0) summaryRef.current?.focus();
  }, [state, fieldNames, setFieldError]);
  return { summaryRef, doneRef };
}

/** The failure no field carries (a rate limit, a failed check), said once above the form. */
export function ReportFailureSummary({ failed, fieldNames, ref }: { failed: ActionFailure | null; fieldNames: readonly string[]; ref: Ref<HTMLDivElement> }) {
  if (!failed || Object.keys(failed.fieldErrors ?? {}).some((p) => fieldNames.includes(p))) return null;
  const summary = summariseFailure(failed);
  const limited = failed.code === "RATE_LIMITED";
  return (
    <div ref={ref} role="alert" tabIndex={-1} className={apply.summary}>
      <p className={apply.summaryTitle}>{limited ? "Too many reports" : summary.title}</p>
      <p>{limited ? "You sent many reports in a short time. Try again in an hour." : summary.message.replace("Your application", "Your report")}</p>
    </div>
  );
}

/** The optional email, the security check (when a site key is set) and the send button. */
export function ReportEmailAndSend(props: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  email: UseFormRegisterReturn;
  siteKey: string | null;
  captcha: ReturnType<typeof useTurnstileToken>;
  busy: boolean;
}) {
  return (
    <>
      <ContactField id={props.id} label={props.label} optional hint={props.hint} error={props.error}>
        {(aria) => <input {...aria} className={apply.input} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...props.email} />}
      </ContactField>
      {props.siteKey ? (
        <div className={apply.field}>
          <p className={apply.label}>Security check</p>
          <Turnstile {...props.captcha.widget} siteKey={props.siteKey} options={{ action: TURNSTILE_ACTIONS.report, theme: "auto" }} />
        </div>
      ) : null}
      <div className={apply.actions}>
        <button type="submit" className={apply.primaryButton} disabled={props.busy}>
          {props.busy ? "Sending…" : "Send report"}
        </button>
      </div>
    </>
  );
}
