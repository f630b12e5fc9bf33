"use client";

import { startTransition, useActionState, useCallback } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { describedBy, FieldError } from "@/components/apply/fields";
import apply from "@/components/apply/apply-form.module.css";
import { ContactField } from "@/components/inquiries/contact-fields";
import { useTurnstileToken } from "@/components/ui/use-turnstile-token";
import { LISTING_REPORT_CATEGORIES } from "@/db/enums";
import { submitReportFromForm, type ReportFormState } from "@/lib/actions/reports/submit-report";
import {
  CATEGORIES_NEEDING_NOTE,
  CATEGORY_LABELS,
  REPORT_NOTE_MAX,
  REPORT_NOTE_MIN,
  REPORTABLE_FIELD_LABELS,
  REPORTABLE_FIELDS,
} from "@/lib/listing-reports/report-rules";
import { ReportEmailAndSend, ReportFailureSummary, useReportOutcome } from "./report-form-parts";
import styles from "./report-form.module.css";

interface ReportFormValues {
  category: string;
  fields: string[];
  note: string;
  email: string;
}

const EMPTY: ReportFormValues = { category: "", fields: [], note: "", email: "" };
const FIELD_NAMES = ["category", "fields", "note", "email"] as const;
const id = (field: string) => `report-${field}`;

// The same zod schema as the API and the action, loaded on first use so the profile stays light.
const resolver: Resolver<ReportFormValues> = async (values, context, options) => {
  const { reportSchemaResolver } = await import("./report-resolver");
  const result = await reportSchemaResolver(values as never, context, { ...options, fields: {}, names: undefined, shouldUseNativeValidation: false });
  return Object.keys(result.errors).length === 0 ? { values, errors: {} } : { values: {}, errors: result.errors as never };
};

/**
 * "Report outdated information": a small native disclosure under the profile (it opens without
 * JavaScript) holding a form checked in the browser with the shared schema and sent through the
 * server action. The reporter's email is optional and only ever gets the one outcome email.
 */
export function ReportForm(props: { slug: string; providerName: string; siteKey: string | null }) {
  const [state, formAction, pending] = useActionState<ReportFormState, FormData>(submitReportFromForm, null);
  const failed = state && !state.ok ? state : null;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReportFormValues>({ resolver, defaultValues: EMPTY, shouldFocusError: true });
  const captcha = useTurnstileToken(props.siteKey);
  const category = useWatch({ control, name: "category" });
  const setFieldError = useCallback(
    (path: string, message: string) => setError(path as keyof ReportFormValues, { type: "server", message }),
    [setError],
  );
  const { summaryRef, doneRef } = useReportOutcome(state, FIELD_NAMES, setFieldError);

  return (
    <details className={styles.report} open={state ? true : undefined}>
      <summary className={styles.toggle}>Report outdated information</summary>
      <div className={styles.panel}>{body()}</div>
    </details>
  );

  function body() {
    if (state?.ok) {
      return (
        <div className={apply.confirmation} role="status">
          <h3 ref={doneRef} tabIndex={-1} className={apply.focusTarget}>
            Thank you, your report was sent
          </h3>
          <p>
            {props.providerName} is asked to check its listing. We never tell them who reported it.
            {state.data.emailed ? " We email you once when the report has been handled." : ""}
          </p>
        </div>
      );
    }
    const fieldError = (field: keyof ReportFormValues) => errors[field]?.message ?? (failed?.fieldErrors?.[field] as string | undefined);
    const noteRequired = CATEGORIES_NEEDING_NOTE.includes(category as (typeof CATEGORIES_NEEDING_NOTE)[number]);
    const categoryError = fieldError("category");
    const fieldsError = fieldError("fields");
    return (
      <>
        <p className={styles.intro}>
          Tell us if something on this listing is out of date. {props.providerName} sees what you report, never who you are.
        </p>
        <ReportFailureSummary failed={failed} fieldNames={FIELD_NAMES} ref={summaryRef} />
        <form
          className={apply.form}
          action={formAction}
          noValidate
          aria-label="Report outdated information"
          onSubmit={(event) => {
            // The element is read now: the event's currentTarget is gone once the (async) checks have run.
            const element = event.currentTarget;
            const send = async () => {
              const fields = await captcha.fieldsWithToken(element);
              startTransition(() => formAction(fields));
            };
            return handleSubmit(send)(event);
          }}
        >
          <input type="hidden" name="slug" value={props.slug} />
          <fieldset className={apply.fieldset} aria-describedby={describedBy(id("category"), { error: categoryError })} aria-invalid={Boolean(categoryError)}>
            <legend className={styles.legend}>What is wrong?</legend>
            {LISTING_REPORT_CATEGORIES.map((value) => (
              <label key={value} className={styles.radio}>
                <input type="radio" value={value} {...register("category")} />
                {CATEGORY_LABELS[value]}
              </label>
            ))}
            <FieldError id={id("category")} message={categoryError} />
          </fieldset>
          <fieldset className={apply.fieldset} aria-describedby={describedBy(id("fields"), { hint: true, error: fieldsError })}>
            <legend className={styles.legend}>
              Which details? <span className={apply.optional}>(optional)</span>
            </legend>
            <p id={`${id("fields")}-hint`} className={apply.hint}>
              Tick the parts of the listing that are out of date.
            </p>
            <div className={apply.checkboxGrid}>
              {REPORTABLE_FIELDS.map((field) => (
                <label key={field} className={apply.checkbox}>
                  <input type="checkbox" value={field} {...register("fields")} />
                  {REPORTABLE_FIELD_LABELS[field]}
                </label>
              ))}
            </div>
            <FieldError id={id("fields")} message={fieldsError} />
          </fieldset>
          <ContactField
            id={id("note")}
            label="What is out of date?"
            optional={!noteRequired}
            hint={`${REPORT_NOTE_MIN} to ${REPORT_NOTE_MAX} characters; needed for "${CATEGORY_LABELS.WRONG_FACTS}" and "${CATEGORY_LABELS.OTHER}". The provider sees it as plain text.`}
            error={fieldError("note")}
          >
            {(aria) => <textarea {...aria} className={apply.textarea} rows={4} {...register("note")} />}
          </ContactField>
          <ReportEmailAndSend
            id={id("email")}
            label="Email for the outcome"
            hint="Only to tell you once how your report was handled; never shown to the provider."
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
}
