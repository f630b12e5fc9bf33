"use client";

import { Turnstile } from "@marsidev/react-turnstile";
import Link from "next/link";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { describedBy, FieldError } from "@/components/apply/fields";
import { summariseFailure } from "@/components/apply/failure-message";
import apply from "@/components/apply/apply-form.module.css";
import { ContactField } from "@/components/inquiries/contact-fields";
import profileForm from "@/components/profile/report-form.module.css";
import { useTurnstileToken } from "@/components/ui/use-turnstile-token";
import { REVIEW_REPORT_REASONS } from "@/db/enums";
import { reportReviewFromForm, type ReviewReportFormState } from "@/lib/actions/reviews/report-review";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";
import { REVIEW_REPORT_REASON_LABELS } from "@/lib/reviews/report-schemas";
import { REVIEW_REPORT_NOTE_MAX, REVIEW_REPORT_NOTE_MIN } from "@/lib/reviews/review-rules";

interface Values {
  reason: string;
  note: string;
  email: string;
}

const EMPTY: Values = { reason: "", note: "", email: "" };
const FIELD_NAMES = ["reason", "note", "email"] as const;
const id = (field: string) => `review-report-${field}`;

// The same zod schema as the API and the action, loaded on first use.
const resolver: Resolver<Values> = async (values, context, options) => {
  const { reviewReportSchemaResolver } = await import("./review-report-resolver");
  const result = await reviewReportSchemaResolver(values as never, context, { ...options, fields: {}, names: undefined, shouldUseNativeValidation: false });
  return Object.keys(result.errors).length === 0 ? { values, errors: {} } : { values: {}, errors: result.errors as never };
};

/**
 * The review report form: checked in the browser with the shared schema and sent through the server
 * action; without JavaScript the browser posts it to the same action. A report never hides the review.
 */
export function ReviewReportForm(props: { reviewId: string; profileHref: string; siteKey: string | null }) {
  const [state, formAction, pending] = useActionState<ReviewReportFormState, FormData>(reportReviewFromForm, null);
  const failed = state && !state.ok ? state : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver, defaultValues: EMPTY, shouldFocusError: true });
  const captcha = useTurnstileToken(props.siteKey);
  const summaryRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!state) return;
    if (state.ok) {
      doneRef.current?.focus();
      return;
    }
    const fieldErrors = Object.entries(state.fieldErrors ?? {}).filter(([path]) => (FIELD_NAMES as readonly string[]).includes(path));
    for (const [path, message] of fieldErrors) setError(path as keyof Values, { type: "server", message });
    if (fieldErrors.length === 0) summaryRef.current?.focus();
  }, [state, setError]);

  if (state?.ok) {
    return (
      <div className={apply.confirmation} role="status" data-testid="review-report-sent">
        <h2 ref={doneRef} tabIndex={-1} className={apply.focusTarget}>
          Thank you, your report was sent
        </h2>
        <p>Provider Registry reviews every report. The review stays visible while we look at it.</p>
        <p>
          <Link href={props.profileHref}>Back to the profile</Link>
        </p>
      </div>
    );
  }
  const fieldError = (field: keyof Values) => errors[field]?.message ?? (failed?.fieldErrors?.[field] as string | undefined);
  const summary =
    failed && !Object.keys(failed.fieldErrors ?? {}).some((p) => (FIELD_NAMES as readonly string[]).includes(p)) ? summariseFailure(failed) : null;
  const reasonError = fieldError("reason");
  return (
    <>
      {summary ? (
        <div ref={summaryRef} role="alert" tabIndex={-1} className={apply.summary}>
          <p className={apply.summaryTitle}>{failed?.code === "RATE_LIMITED" ? "Too many reports" : summary.title}</p>
          <p>
            {failed?.code === "RATE_LIMITED"
              ? "You sent many reports in a short time. Try again in an hour."
              : summary.message.replace("Your application", "Your report")}
          </p>
        </div>
      ) : null}
      <form
        className={apply.form}
        action={formAction}
        noValidate
        aria-label="Report this review"
        onSubmit={(event) => {
          const element = event.currentTarget;
          const send = async () => {
            const fields = await captcha.fieldsWithToken(element);
            startTransition(() => formAction(fields));
          };
          return handleSubmit(send)(event);
        }}
      >
        <input type="hidden" name="reviewId" value={props.reviewId} />
        <fieldset className={apply.fieldset} aria-describedby={describedBy(id("reason"), { error: reasonError })} aria-invalid={Boolean(reasonError)}>
          <legend className={profileForm.legend}>What is wrong with this review?</legend>
          {REVIEW_REPORT_REASONS.map((value) => (
            <label key={value} className={profileForm.radio}>
              <input type="radio" value={value} {...register("reason")} />
              {REVIEW_REPORT_REASON_LABELS[value]}
            </label>
          ))}
          <FieldError id={id("reason")} message={reasonError} />
        </fieldset>
        <ContactField
          id={id("note")}
          label="Tell us more"
          hint={`${REVIEW_REPORT_NOTE_MIN} to ${REVIEW_REPORT_NOTE_MAX} characters. Only Provider Registry's moderators read it.`}
          error={fieldError("note")}
        >
          {(aria) => <textarea {...aria} className={apply.textarea} rows={5} {...register("note")} />}
        </ContactField>
        <ContactField
          id={id("email")}
          label="Your email"
          optional
          hint="Only if we may write back to you about this report; never shown to the provider or the reviewer."
          error={fieldError("email")}
        >
          {(aria) => <input {...aria} className={apply.input} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...register("email")} />}
        </ContactField>
        {props.siteKey ? (
          <div className={apply.field}>
            <p className={apply.label}>Security check</p>
            <Turnstile {...captcha.widget} siteKey={props.siteKey} options={{ action: TURNSTILE_ACTIONS.report, theme: "light" }} />
          </div>
        ) : null}
        <div className={apply.actions}>
          <button type="submit" className={apply.primaryButton} disabled={pending || isSubmitting}>
            {pending || isSubmitting ? "Sending…" : "Send report"}
          </button>
        </div>
      </form>
    </>
  );
}
