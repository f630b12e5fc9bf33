"use client";

import { Turnstile } from "@marsidev/react-turnstile";
import { useEffect, useRef, useState } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";
import { submitApplication } from "@/lib/actions/apply/submit-application";
import { SPECIALTIES } from "@/db/enums";
import type { ActionFailure } from "@/lib/actions/define-action";
import type { ApplyFormInput } from "@/lib/applications/schemas";
import { Confirmation } from "./confirmation";
import { summariseFailure, type FailureSummary } from "./failure-message";
import { DescriptionField, SpecialtiesField, TextField } from "./fields";
import {
  applyResolver,
  EMPTY_FORM,
  FIELD_ORDER,
  formPathFor,
  inputId,
  loadSchemaResolver,
  type ApplyFormLimits,
  type ApplyFormValues,
} from "./form-model";
import { ADD_LINK_BUTTON_ID, PortfolioLinksField } from "./portfolio-links-field";
import styles from "./apply-form.module.css";
import { useTurnstileToken } from "@/components/ui/use-turnstile-token";

export interface ApplyFormProps {
  /** Turnstile site key, read on the server at request time; null turns the widget off. */
  siteKey: string | null;
  linkLifetimeHours: number;
  limits: ApplyFormLimits;
}

function focusField(path: string) {
  const id =
    path === "specialties"
      ? `${inputId("specialties")}-${SPECIALTIES[0]}`
      : path === "portfolioLinks.root"
        ? ADD_LINK_BUTTON_ID
        : inputId(path);
  document.getElementById(id)?.focus();
}

export function ApplyForm({ siteKey, linkLifetimeHours, limits }: ApplyFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ApplyFormValues, unknown, ApplyFormInput>({
    resolver: applyResolver,
    defaultValues: EMPTY_FORM,
    shouldFocusError: true,
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [summary, setSummary] = useState<FailureSummary | null>(null);
  const captcha = useTurnstileToken(siteKey);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary]);

  useEffect(() => {
    // After the page has shown: the first validation then finds the schema already here.
    void loadSchemaResolver();
  }, []);

  /** Puts server-side field errors under their fields; true when every one found its field. */
  function placeFieldErrors(failure: ActionFailure): boolean {
    const entries = Object.entries(failure.fieldErrors ?? {});
    if (entries.length === 0) return false;
    const placed = entries
      .map(([path, message]) => ({ target: formPathFor(path), message }))
      .filter((e): e is { target: NonNullable<typeof e.target>; message: string } => e.target !== null);
    for (const { target, message } of placed) {
      setError(target as FieldPath<ApplyFormValues>, { type: "server", message });
    }
    const rank = (target: string) => FIELD_ORDER.findIndex((name) => target.startsWith(name));
    const first = [...placed].sort((a, b) => rank(a.target) - rank(b.target))[0];
    if (first) focusField(first.target);
    return placed.length === entries.length;
  }

  async function send(input: ApplyFormInput) {
    setSummary(null);
    const turnstileToken = await captcha.take();
    if (turnstileToken === null) {
      setSummary({
        title: "The security check is not finished",
        message: "Wait until the security check below the form shows it is done, then send your application again.",
      });
      return;
    }
    let result: Awaited<ReturnType<typeof submitApplication>>;
    try {
      result = await submitApplication({ ...input, turnstileToken: turnstileToken || undefined });
    } catch {
      captcha.renew();
      setSummary({
        title: "Your application was not sent",
        message: "We could not reach the server. Check your connection and send it again; everything you typed is still here.",
      });
      return;
    }
    if (result.ok) {
      setSentTo(result.data.email);
      return;
    }
    captcha.renew();
    if (!placeFieldErrors(result)) setSummary(summariseFailure(result));
  }

  if (sentTo) {
    return <Confirmation email={sentTo} linkLifetimeHours={linkLifetimeHours} onEdit={() => setSentTo(null)} />;
  }

  return (
    <>
      <h1>Apply to join</h1>
      <p className="lede">
        Tell us about your agency or studio. We confirm your email address first, then our team reviews your
        application.
      </p>
      {summary ? (
        <div ref={summaryRef} role="alert" tabIndex={-1} className={styles.summary}>
          <h2 className={styles.summaryTitle}>{summary.title}</h2>
          <p>{summary.message}</p>
        </div>
      ) : null}
      <form className={styles.form} method="post" noValidate onSubmit={(event) => handleSubmit(send)(event)}>
        <TextField
          name="fullName"
          label="Full name"
          error={errors.fullName?.message}
          register={register}
          input={{ autoComplete: "name" }}
        />
        <TextField
          name="email"
          label="Business email"
          hint="We send a confirmation link to this address."
          error={errors.email?.message}
          register={register}
          input={{ type: "email", autoComplete: "email", inputMode: "email", spellCheck: false }}
        />
        <TextField
          name="companyName"
          label="Company or agency name"
          error={errors.companyName?.message}
          register={register}
          input={{ autoComplete: "organization" }}
        />
        <SpecialtiesField error={errors.specialties?.message ?? errors.specialties?.root?.message} register={register} />
        <DescriptionField
          error={errors.description?.message}
          register={register}
          control={control}
          min={limits.descriptionMin}
          max={limits.descriptionMax}
        />
        <PortfolioLinksField
          control={control}
          register={register}
          errors={errors.portfolioLinks}
          maxLinks={limits.maxPortfolioLinks}
        />
        <TextField
          name="referralSource"
          label="How did you hear about us?"
          optional
          error={errors.referralSource?.message}
          register={register}
        />
        {siteKey ? (
          <div className={styles.field}>
            <p className={styles.label}>Security check</p>
            <p className={styles.hint}>This check keeps automated spam out of our review queue.</p>
            <Turnstile
              {...captcha.widget}
              siteKey={siteKey}
              options={{ action: TURNSTILE_ACTIONS.apply, theme: "auto" }}
            />
          </div>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton} disabled={isSubmitting}>
            {isSubmitting ? "Sending…" : "Send application"}
          </button>
        </div>
      </form>
    </>
  );
}
