"use client";

import { Turnstile } from "@marsidev/react-turnstile";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";
import styles from "@/components/apply/apply-form.module.css";
import ui from "@/components/ui/ui.module.css";
import { summariseFailure } from "@/components/apply/failure-message";
import { INQUIRY_BUDGETS, INQUIRY_TIMELINES } from "@/db/enums";
import { submitInquiryFromForm, type ContactFormState, type ContactFormValues } from "@/lib/actions/inquiries/submit-inquiry";
import {
  BUDGET_LABELS,
  INQUIRY_HONEYPOT_FIELD,
  INQUIRY_MESSAGE_MAX,
  INQUIRY_MESSAGE_MIN,
  TIMELINE_LABELS,
} from "@/lib/inquiries/inquiry-fields";
import { ContactField } from "./contact-fields";
import { CONTACT_DISCLOSURE_ID } from "./contact-ids";
import disclosure from "./contact.module.css";
import { useTurnstileToken } from "@/components/ui/use-turnstile-token";

const EMPTY: ContactFormValues = { name: "", email: "", company: "", budget: "", timeline: "", message: "" };
const FIELD_ORDER: (keyof ContactFormValues)[] = ["name", "email", "company", "budget", "timeline", "message"];
const id = (field: string) => `contact-${field}`;

// The same zod schema as the API and the action, loaded on first use so the profile stays light.
const resolver: Resolver<ContactFormValues> = async (values, context, options) => {
  const { contactSchemaResolver } = await import("./contact-resolver");
  const result = await contactSchemaResolver(values as never, context, { ...options, fields: {}, names: undefined, shouldUseNativeValidation: false });
  return Object.keys(result.errors).length === 0 ? { values, errors: {} } : { values: {}, errors: result.errors as never };
};

/**
 * The contact form: checked in the browser with react-hook-form, sent through the server action (a
 * plain form post without JavaScript). Typed text stays on every refusal; the answer says what happens next.
 */
export function ContactForm(props: { slug: string; providerName: string; siteKey: string | null; linkLifetimeHours: number }) {
  const [state, formAction, pending] = useActionState<ContactFormState, FormData>(submitInquiryFromForm, null);
  const failed = state && !state.result.ok ? state.result : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({ resolver, defaultValues: state?.values ?? EMPTY, shouldFocusError: true });
  const captcha = useTurnstileToken(props.siteKey);
  const summaryRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!state) return;
    if (state.result.ok) {
      doneRef.current?.focus();
      return;
    }
    const fieldErrors = Object.entries(state.result.fieldErrors ?? {}).filter(([path]) => FIELD_ORDER.includes(path as keyof ContactFormValues));
    for (const [path, message] of fieldErrors) setError(path as keyof ContactFormValues, { type: "server", message });
    if (fieldErrors.length === 0) summaryRef.current?.focus();
  }, [state, setError]);

  // A native disclosure opens without JavaScript; once the form has an answer it stays open.
  return (
    <details id={CONTACT_DISCLOSURE_ID} className={disclosure.disclosure} open={state ? true : undefined} data-beacon="contact">
      <summary className={disclosure.cta}>Contact {props.providerName}</summary>
      <div className={disclosure.panel}>{body()}</div>
    </details>
  );

  /** The form, or once the server took it, what happens next. */
  function body() {
    if (state?.result.ok) {
      return (
        <div className={styles.confirmation} role="status">
          <h3 ref={doneRef} tabIndex={-1} className={styles.focusTarget}>
            Check your email to send your message
          </h3>
          <p>
            We sent a confirmation link to <strong>{state.result.data.email}</strong>. Open it within {props.linkLifetimeHours}{" "}
            hours and press the button: only then does {props.providerName} receive your message.
          </p>
          <p>Their team answers you by email, from their own address. No email from us? Look in your spam folder.</p>
        </div>
      );
    }

    // After a script-less post the page is rendered on the server with what was typed.
    const typed = state?.values ?? EMPTY;
    const fieldError = (field: keyof ContactFormValues) => errors[field]?.message ?? (failed?.fieldErrors?.[field] as string | undefined);
    const summary = failed && !Object.keys(failed.fieldErrors ?? {}).some((p) => FIELD_ORDER.includes(p as keyof ContactFormValues)) ? summariseFailure(failed) : null;

    return (
      <>
        <p className={disclosure.note}>
          Your message goes to {props.providerName} once you confirm your email address. They answer you by email.
        </p>
        {summary ? (
          <div ref={summaryRef} role="alert" tabIndex={-1} className={styles.summary}>
            <p className={styles.summaryTitle}>{failed?.code === "RATE_LIMITED" ? "Too many messages" : summary.title}</p>
            <p>{failed?.code === "NOT_ACCEPTING_CLIENTS" ? failed.message : summary.message.replace("Your application", "Your message")}</p>
          </div>
        ) : null}
        <form
          className={styles.form}
          action={formAction}
          noValidate
          onSubmit={(event) => {
            // Read now: the event's currentTarget is gone once validation (async) has run.
            const element = event.currentTarget;
            return handleSubmit(async () => {
              const data = new FormData(element);
              // Without a finished check the server refuses the send and says so (CAPTCHA_FAILED).
              const turnstileToken = await captcha.take();
              if (turnstileToken) data.set("turnstileToken", turnstileToken);
              startTransition(() => formAction(data));
              if (props.siteKey) captcha.renew();
            })(event);
          }}
        >
          <input type="hidden" name="slug" value={props.slug} />
          <ContactField id={id("name")} label="Your name" error={fieldError("name")}>
            {(aria) => <input {...aria} className={styles.input} autoComplete="name" {...register("name")} defaultValue={typed.name} />}
          </ContactField>
          <ContactField id={id("email")} label="Your email" hint="We send a confirmation link here; the provider answers to this address." error={fieldError("email")}>
            {(aria) => <input {...aria} className={styles.input} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...register("email")} defaultValue={typed.email} />}
          </ContactField>
          <ContactField id={id("company")} label="Company" optional error={fieldError("company")}>
            {(aria) => <input {...aria} className={styles.input} autoComplete="organization" {...register("company")} defaultValue={typed.company} />}
          </ContactField>
          <ContactField id={id("budget")} label="Budget" optional error={fieldError("budget")}>
            {(aria) => (
              <select {...aria} className={styles.input} {...register("budget")} defaultValue={typed.budget}>
                <option value="">Choose a budget</option>
                {INQUIRY_BUDGETS.map((b) => (
                  <option key={b} value={b}>
                    {BUDGET_LABELS[b]}
                  </option>
                ))}
              </select>
            )}
          </ContactField>
          <ContactField id={id("timeline")} label="When do you want to start?" optional error={fieldError("timeline")}>
            {(aria) => (
              <select {...aria} className={styles.input} {...register("timeline")} defaultValue={typed.timeline}>
                <option value="">Choose a timeline</option>
                {INQUIRY_TIMELINES.map((t) => (
                  <option key={t} value={t}>
                    {TIMELINE_LABELS[t]}
                  </option>
                ))}
              </select>
            )}
          </ContactField>
          <ContactField
            id={id("message")}
            label="Your message"
            hint={`What you need, in ${INQUIRY_MESSAGE_MIN} to ${INQUIRY_MESSAGE_MAX} characters. The provider sees it as plain text.`}
            error={fieldError("message")}
          >
            {(aria) => <textarea {...aria} className={styles.textarea} rows={7} {...register("message")} defaultValue={typed.message} />}
          </ContactField>
          {/* For bots only: hidden from people and assistive technology; a filled one is dropped. */}
          <div aria-hidden="true" className={ui.visuallyHidden}>
            <label htmlFor={id("website2")}>Leave this empty</label>
            <input id={id("website2")} name={INQUIRY_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          {props.siteKey ? (
            <div className={styles.field}>
              <p className={styles.label}>Security check</p>
              <Turnstile
                {...captcha.widget}
                siteKey={props.siteKey}
                options={{ action: TURNSTILE_ACTIONS.inquiry, theme: "auto" }}
              />
            </div>
          ) : null}
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton} disabled={pending || isSubmitting}>
              {pending || isSubmitting ? "Sending…" : "Send message"}
            </button>
          </div>
        </form>
      </>
    );
  }
}
