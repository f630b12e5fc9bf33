"use client";

import type { InputHTMLAttributes, ReactNode } from "react";
import { useWatch, type UseFormRegister } from "react-hook-form";
import { SPECIALTIES } from "@/db/enums";
import { SPECIALTY_LABELS } from "@/components/directory/specialty-labels";
import { inputId, type ApplyControl, type ApplyFormValues } from "./form-model";
import styles from "./apply-form.module.css";

/** aria-describedby for a control: its hint and, when there is one, its error. */
export function describedBy(id: string, options: { hint?: boolean; error?: string }): string | undefined {
  const ids = [options.hint ? `${id}-hint` : null, options.error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className={styles.error}>
      <span className={styles.errorMark} aria-hidden="true">
        !
      </span>{" "}
      {message}
    </p>
  );
}

function Label({ id, label, optional }: { id: string; label: string; optional?: boolean }) {
  return (
    <label htmlFor={id} className={styles.label}>
      {label}
      {optional ? <span className={styles.optional}> (optional)</span> : null}
    </label>
  );
}

interface TextFieldProps {
  name: "fullName" | "email" | "companyName" | "referralSource";
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  error?: string;
  register: UseFormRegister<ApplyFormValues>;
  input?: InputHTMLAttributes<HTMLInputElement>;
}

export function TextField({ name, label, hint, optional, error, register, input }: TextFieldProps) {
  const id = inputId(name);
  return (
    <div className={styles.field}>
      <Label id={id} label={label} optional={optional} />
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        className={styles.input}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error })}
        {...input}
        {...register(name)}
      />
      <FieldError id={id} message={error} />
    </div>
  );
}

interface DescriptionFieldProps {
  error?: string;
  register: UseFormRegister<ApplyFormValues>;
  control: ApplyControl;
  /** The schema's length limits (ApplyFormLimits). */
  min: number;
  max: number;
}

export function DescriptionField({ error, register, control, min, max }: DescriptionFieldProps) {
  const id = inputId("description");
  const value = useWatch({ control, name: "description" }) ?? "";
  const over = value.length > max;
  return (
    <div className={styles.field}>
      <Label id={id} label="About your work" />
      <p id={`${id}-hint`} className={styles.hint}>
        What you do, for whom, and how: at least {min} characters.
      </p>
      <textarea
        id={id}
        className={styles.textarea}
        rows={7}
        aria-invalid={error ? true : undefined}
        aria-describedby={[describedBy(id, { hint: true, error }), `${id}-count`].join(" ")}
        {...register("description")}
      />
      <p id={`${id}-count`} className={over ? styles.countOver : styles.count}>
        {value.length.toLocaleString("en")} of {max.toLocaleString("en")} characters
      </p>
      <FieldError id={id} message={error} />
    </div>
  );
}

interface SpecialtiesFieldProps {
  error?: string;
  register: UseFormRegister<ApplyFormValues>;
}

export function SpecialtiesField({ error, register }: SpecialtiesFieldProps) {
  const id = inputId("specialties");
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy(id, { hint: true, error })}>
      <legend className={styles.label}>
        Specialties<span className={styles.optional}> (optional)</span>
      </legend>
      <p id={`${id}-hint`} className={styles.hint}>
        Choose every area you offer.
      </p>
      <div className={styles.checkboxGrid}>
        {SPECIALTIES.map((specialty) => (
          <div key={specialty} className={styles.checkbox}>
            <input id={`${id}-${specialty}`} type="checkbox" value={specialty} {...register("specialties")} />
            <label htmlFor={`${id}-${specialty}`}>{SPECIALTY_LABELS[specialty]}</label>
          </div>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}
