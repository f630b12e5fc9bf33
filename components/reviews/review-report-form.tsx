"use client";

import Link from "next/link";
import { startTransition, useActionState, useCallback } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { describedBy, FieldError } from "@/components/apply/fields";
import apply from "@/components/apply/apply-form.module.css";
import { ContactField } from "@/components/inquiries/contact-fields";
import { ReportEmailAndSend, ReportFailureSummary, useReportOutcome } from "@/components/profile/report-form-parts";
import profileForm from "@/components/profile/report-form.module.css";
import { useTurnstileToken } from "@/components/ui/use-turnstile-token";
import { REVIEW_REPORT_REASONS } from "@/db/enums";
import { reportReviewFromForm, type ReviewReportFormState } from "@/lib/actions/reviews/report-review";
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
  const setFieldError = useCallback((path: string, message: string) => setError(path as keyof Values, { type: "server", message }), [setError]);
  const { summaryRef, doneRef } = useReportOutcome(state, FIELD_NAMES, setFieldError);

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
  const reasonError = fieldError("reason");
  return (
    <>
      <ReportFailureSummary failed={failed} fieldNames={FIELD_NAMES} ref={summaryRef} />
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
        <ReportEmailAndSend
          id={id("email")}
          label="Your email"
          hint="Only if we may write back to you about this report; never shown to the provider or the reviewer."
          error={fieldError("email")}
          email={register("email")}
          siteKey={props.siteKey}
          captcha={captcha}
          busy={pending || isSubmitting}
        />
      </form>
    </>
  );
}
