"use client";

import { Turnstile } from "@marsidev/react-turnstile";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { describedBy, FieldError } from "@/components/apply/fields";
import { summariseFailure } from "@/components/apply/failure-message";
import apply from "@/components/apply/apply-form.module.css";
import { ContactField } from "@/components/inquiries/contact-fields";
import { useTurnstileToken } from "@/components/ui/use-turnstile-token";
import { submitPrivacyRequestFromForm, type PrivacyRequestFormState } from "@/lib/actions/privacy/submit-privacy-request";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";
import { PRIVACY_CONFIRM_TTL_HOURS, PRIVACY_DOWNLOAD_TTL_DAYS, PRIVACY_REQUEST_ACCEPTED_MESSAGE } from "@/lib/privacy/privacy-rules";
import styles from "./privacy.module.css";

interface PrivacyFormValues {
  email: string;
  kind: string;
}

const EMPTY: PrivacyFormValues = { email: "", kind: "" };
const FIELD_NAMES = ["email", "kind"] as const;

// The same zod schema as the API and the action, loaded on first use.
const resolver: Resolver<PrivacyFormValues> = async (values, context, options) => {
  const { privacySchemaResolver } = await import("./privacy-resolver");
  const result = await privacySchemaResolver(values as never, context, { ...options, fields: {}, names: undefined, shouldUseNativeValidation: false });
  return Object.keys(result.errors).length === 0 ? { values, errors: {} } : { values: {}, errors: result.errors as never };
};

/** The server's field errors that belong to this form's fields. */
function serverFieldErrors(fieldErrors: Record<string, unknown> | undefined): [keyof PrivacyFormValues, string][] {
  return Object.entries(fieldErrors ?? {}).flatMap(([path, message]) =>
    (FIELD_NAMES as readonly string[]).includes(path) ? [[path as keyof PrivacyFormValues, String(message)] as const] : [],
  );
}

const CHOICES = [
  {
    value: "ACCESS",
    title: "Send me a copy of my data",
    text: `A JSON file of the messages you sent providers, your reviews, applications, reports and privacy requests. We email you a link that downloads it once, within ${PRIVACY_DOWNLOAD_TTL_DAYS} days.`,
  },
  {
    value: "ERASE",
    title: "Erase my data",
    text: "Your name, email address, company and messages are erased from the inquiries you sent (providers keep that an inquiry arrived, and are told it was erased); your reviews are withdrawn; unreviewed applications are deleted. It cannot be undone. A studio account is not deleted this way: sign in to the studio for that.",
  },
] as const;

/**
 * The privacy request form: the address and what to do, checked in the browser with the shared schema
 * and sent through the server action (it posts without JavaScript too). The answer is the same
 * whatever we hold for the address.
 */
export function PrivacyRequestForm({ siteKey }: { siteKey: string | null }) {
  const [state, formAction, pending] = useActionState<PrivacyRequestFormState, FormData>(submitPrivacyRequestFromForm, null);
  const failed = state && !state.ok ? state : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PrivacyFormValues>({ resolver, defaultValues: EMPTY, shouldFocusError: true });
  const captcha = useTurnstileToken(siteKey);
  const summaryRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  // After an answer: focus the confirmation, or put the server's field errors by their fields, or
  // focus the summary when no field is to blame.
  useEffect(() => {
    if (state?.ok) doneRef.current?.focus();
    if (!state || state.ok) return;
    const mine = serverFieldErrors(state.fieldErrors);
    mine.forEach(([field, message]) => setError(field, { type: "server", message }));
    if (!mine.length) summaryRef.current?.focus();
  }, [state, setError]);

  if (state?.ok) {
    return (
      <div className={apply.confirmation} role="status">
        <h2 ref={doneRef} tabIndex={-1} className={apply.focusTarget}>
          Check your email
        </h2>
        <p>{PRIVACY_REQUEST_ACCEPTED_MESSAGE}</p>
        <p>The link in the email works for {PRIVACY_CONFIRM_TTL_HOURS} hours.</p>
      </div>
    );
  }
  const fieldError = (field: keyof PrivacyFormValues) => errors[field]?.message ?? (failed?.fieldErrors?.[field] as string | undefined);
  const summary =
    failed && !Object.keys(failed.fieldErrors ?? {}).some((p) => (FIELD_NAMES as readonly string[]).includes(p)) ? summariseFailure(failed) : null;
  const kindError = fieldError("kind");
  return (
    <>
      {summary ? (
        <div ref={summaryRef} role="alert" tabIndex={-1} className={apply.summary}>
          <p className={apply.summaryTitle}>{failed?.code === "RATE_LIMITED" ? "Too many requests" : summary.title}</p>
          <p>
            {failed?.code === "RATE_LIMITED"
              ? "This address or this connection sent several requests recently. Try again later."
              : summary.message.replace("Your application", "Your request")}
          </p>
        </div>
      ) : null}
      <form
        className={apply.form}
        action={formAction}
        noValidate
        aria-label="Privacy request"
        onSubmit={(event) => {
          const element = event.currentTarget;
          const send = async () => {
            const fields = await captcha.fieldsWithToken(element);
            startTransition(() => formAction(fields));
          };
          return handleSubmit(send)(event);
        }}
      >
        <ContactField id="privacy-email" label="Your email address" hint="The address you used to write to providers, review, apply or report." error={fieldError("email")}>
          {(aria) => <input {...aria} className={apply.input} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...register("email")} />}
        </ContactField>
        <fieldset className={apply.fieldset} aria-describedby={describedBy("privacy-kind", { error: kindError })} aria-invalid={Boolean(kindError)}>
          <legend className={styles.legend}>What would you like?</legend>
          <div className={styles.choices}>
            {CHOICES.map((choice) => (
              <label key={choice.value} className={styles.choice}>
                <input type="radio" value={choice.value} {...register("kind")} />
                <span className={styles.choiceTitle}>{choice.title}</span>
                <span className={styles.choiceText}>{choice.text}</span>
              </label>
            ))}
          </div>
          <FieldError id="privacy-kind" message={kindError} />
        </fieldset>
        {siteKey ? (
          <div className={apply.field}>
            <p className={apply.label}>Security check</p>
            <Turnstile {...captcha.widget} siteKey={siteKey} options={{ action: TURNSTILE_ACTIONS.privacy, theme: "auto" }} />
          </div>
        ) : null}
        <div className={apply.actions}>
          <button type="submit" className={apply.primaryButton} disabled={pending || isSubmitting}>
            {pending || isSubmitting ? "Sending…" : "Send the request"}
          </button>
        </div>
      </form>
    </>
  );
}
