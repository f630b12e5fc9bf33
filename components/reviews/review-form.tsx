"use client";

import { startTransition, useActionState, useEffect, useRef } from "react";
import { useForm, type Resolver } from "react-hook-form";
import styles from "@/components/apply/apply-form.module.css";
import { FieldError } from "@/components/apply/fields";
import { ContactField } from "@/components/inquiries/contact-fields";
import { SPECIALTY_LABELS } from "@/components/directory/specialty-labels";
import { INQUIRY_BUDGETS, REVIEW_DISPLAYS, REVIEW_PROJECT_STATUSES, SPECIALTIES } from "@/db/enums";
import { editReviewFromForm, type EditReviewState } from "@/lib/actions/reviews/edit-review";
import { submitReviewFromForm, type WriteReviewState } from "@/lib/actions/reviews/write-review";
import { BUDGET_LABELS } from "@/lib/inquiries/inquiry-fields";
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_INCENTIVE_MAX, REVIEW_INCENTIVE_MIN } from "@/lib/reviews/review-rules";
import { ChoiceGroup, type ReviewFormFields } from "./review-fields";
import { DISPLAY_LABELS, INCENTIVE_LABELS, PROJECT_STATUS_LABELS, RATING_LABELS, SUB_RATINGS } from "./review-labels";
import own from "./review-form.module.css";

type State = WriteReviewState | EditReviewState;

const RATINGS = ([1, 2, 3, 4, 5] as const).map((n) => ({ value: String(n), label: RATING_LABELS[n] }));

// The same zod schema as the API and the action, loaded on first use.
const resolverFor =
  (mode: "write" | "edit"): Resolver<ReviewFormFields> =>
  async (values, context, options) => {
    const { reviewWriteResolver, reviewEditResolver } = await import("./review-resolver");
    const resolve = mode === "write" ? reviewWriteResolver : reviewEditResolver;
    const result = await resolve(values as never, context, { ...options, fields: {}, names: undefined, shouldUseNativeValidation: false });
    return Object.keys(result.errors).length === 0 ? { values, errors: {} } : { values: {}, errors: result.errors as never };
  };

/**
 * The review form (/reviews/write) and its edit (/reviews/edit): checked in the browser with
 * react-hook-form against the API's schema, sent through the server action (a plain form post without
 * JavaScript). Every answer stays on a refusal; success leads to the page that says what happens next.
 */
export function ReviewForm(props: {
  mode: "write" | "edit";
  token: string;
  reviewId?: string;
  providerName: string;
  defaults: Record<string, string>;
}) {
  const action = (props.mode === "write" ? submitReviewFromForm : editReviewFromForm) as (s: State, f: FormData) => Promise<State>;
  const [state, formAction, pending] = useActionState<State, FormData>(action, null);
  const failed = state && !state.result.ok ? state.result : null;
  const typed: Record<string, string> = { ...props.defaults, ...(state?.values ?? {}) };
  if (state && !state.values.workedTogether) typed.workedTogether = "";
  const hidden = { token: props.token, ...(props.reviewId ? { reviewId: props.reviewId } : {}) };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormFields>({
    resolver: resolverFor(props.mode),
    defaultValues: { ...typed, ...hidden, workedTogether: typed.workedTogether === "true" ? "true" : false },
    shouldFocusError: true,
  });
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!failed) return;
    for (const [path, message] of Object.entries(failed.fieldErrors ?? {})) setError(path, { type: "server", message });
    summaryRef.current?.focus();
  }, [failed, setError]);

  const fieldError = (field: string) => (errors[field]?.message as string | undefined) ?? failed?.fieldErrors?.[field];
  const clientErrors = Object.keys(errors).length;
  const summary = failed
    ? failed.code === "VALIDATION_FAILED"
      ? "Some answers need a change: they are marked below."
      : failed.message
    : clientErrors > 0
      ? "Some answers need a change: they are marked below."
      : null;
  const text = (name: string) => ({ ...register(name), defaultValue: typed[name] ?? "" });

  return (
    <>
      {summary ? (
        <div ref={summaryRef} role="alert" tabIndex={-1} className={styles.summary}>
          <p className={styles.summaryTitle}>{failed && failed.code !== "VALIDATION_FAILED" ? "Your review was not saved" : "Please check your answers"}</p>
          <p>{summary}</p>
        </div>
      ) : null}
      <form
        className={styles.form}
        action={formAction}
        noValidate
        onSubmit={(event) => {
          const element = event.currentTarget;
          return handleSubmit(async () => {
            startTransition(() => formAction(new FormData(element)));
          })(event);
        }}
      >
        <input type="hidden" name="token" value={props.token} />
        {props.reviewId ? <input type="hidden" name="reviewId" value={props.reviewId} /> : null}

        <div className={styles.field}>
          <label className={own.choice}>
            <input type="checkbox" value="true" defaultChecked={typed.workedTogether === "true"} aria-describedby={fieldError("workedTogether") ? "review-workedTogether-error" : undefined} {...register("workedTogether")} />
            <span>I worked with {props.providerName}</span>
          </label>
          <FieldError id="review-workedTogether" message={fieldError("workedTogether")} />
        </div>

        <ChoiceGroup name="projectStatus" legend="Where does the project stand?" stacked register={register} defaultValue={typed.projectStatus ?? ""} error={fieldError("projectStatus")}
          choices={REVIEW_PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }))} />

        <ChoiceGroup name="overall" legend="Overall rating" register={register} defaultValue={typed.overall ?? ""} error={fieldError("overall")} choices={RATINGS} />

        <fieldset className={own.group}>
          <legend className={own.groupLegend}>In detail (optional)</legend>
          {SUB_RATINGS.map((r) => (
            <ChoiceGroup key={r.name} name={r.name} legend={r.label} optional register={register} defaultValue={typed[r.name] ?? ""} error={fieldError(r.name)}
              choices={[...RATINGS, { value: "", label: "Not rated" }]} />
          ))}
        </fieldset>

        <ChoiceGroup name="wouldRecommend" legend={`Would you recommend ${props.providerName}?`} register={register} defaultValue={typed.wouldRecommend ?? ""} error={fieldError("wouldRecommend")}
          choices={[{ value: "true", label: "Yes" }, { value: "false", label: "No" }]} />

        <ContactField id="review-title" label="Title of your review" hint="One line, for example “Careful work, honest estimates”." error={fieldError("title")}>
          {(aria) => <input {...aria} className={styles.input} {...text("title")} />}
        </ContactField>
        <ContactField id="review-body" label="Your review" hint={`How it went, good or bad, in ${REVIEW_BODY_MIN} to ${REVIEW_BODY_MAX} characters. Web addresses are shown as text, never as links.`} error={fieldError("body")}>
          {(aria) => <textarea {...aria} className={styles.textarea} rows={8} {...text("body")} />}
        </ContactField>

        <ContactField id="review-projectSpecialty" label="What was the project?" optional error={fieldError("projectSpecialty")}>
          {(aria) => (
            <select {...aria} className={styles.input} {...text("projectSpecialty")}>
              <option value="">Not specified</option>
              {SPECIALTIES.map((s) => <option key={s} value={s}>{SPECIALTY_LABELS[s]}</option>)}
            </select>
          )}
        </ContactField>
        <ContactField id="review-projectBudget" label="Project budget" optional error={fieldError("projectBudget")}>
          {(aria) => (
            <select {...aria} className={styles.input} {...text("projectBudget")}>
              <option value="">Not specified</option>
              {INQUIRY_BUDGETS.map((b) => <option key={b} value={b}>{BUDGET_LABELS[b]}</option>)}
            </select>
          )}
        </ContactField>

        <ContactField id="review-reviewerName" label="Your name" error={fieldError("reviewerName")}>
          {(aria) => <input {...aria} className={styles.input} autoComplete="name" {...text("reviewerName")} />}
        </ContactField>
        <ContactField id="review-reviewerRole" label="Your role" optional error={fieldError("reviewerRole")}>
          {(aria) => <input {...aria} className={styles.input} autoComplete="organization-title" {...text("reviewerRole")} />}
        </ContactField>
        <ContactField id="review-reviewerCompany" label="Your company" optional error={fieldError("reviewerCompany")}>
          {(aria) => <input {...aria} className={styles.input} autoComplete="organization" {...text("reviewerCompany")} />}
        </ContactField>
        <ChoiceGroup name="display" legend="What may the review show about you?" hint="Your email address is never shown." stacked register={register} defaultValue={typed.display ?? ""} error={fieldError("display")}
          choices={REVIEW_DISPLAYS.map((d) => ({ value: d, label: DISPLAY_LABELS[d] }))} />

        <ChoiceGroup name="incentiveChoice" legend="Did you receive anything for writing this review?" stacked register={register} defaultValue={typed.incentiveChoice ?? ""} error={fieldError("incentiveChoice")}
          choices={[{ value: "NONE", label: INCENTIVE_LABELS.NONE }, { value: "RECEIVED", label: INCENTIVE_LABELS.RECEIVED }]} />
        <ContactField id="review-incentive" label="What you received" optional hint={`Only if you received something: ${REVIEW_INCENTIVE_MIN} to ${REVIEW_INCENTIVE_MAX} characters. It is shown above your review.`} error={fieldError("incentive")}>
          {(aria) => <textarea {...aria} className={styles.textarea} rows={3} {...text("incentive")} />}
        </ContactField>

        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton} disabled={pending || isSubmitting}>
            {pending || isSubmitting ? "Saving…" : props.mode === "write" ? "Send my review" : "Save my changes"}
          </button>
        </div>
      </form>
    </>
  );
}
