"use client";

import { useState, type ReactElement, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import ui from "@/components/ui/ui.module.css";
import styles from "./admin.module.css";

interface ReasonFormProps {
  /** The textarea's id, also focused when the form opens. */
  id: string;
  /** Names the opening button and the form for assistive technology, e.g. "Reject Ada Lovelace". */
  name: string;
  openLabel: ReactNode;
  fieldLabel: string;
  hint: string;
  rows: number;
  field: UseFormRegisterReturn;
  error?: string;
  submitLabel: string;
  submittingLabel: string;
  submitting: boolean;
  onSubmit: () => void;
}

/** A refusal that needs a written reason: a button that opens the reason's form in place. */
export function ReasonForm(props: ReasonFormProps): ReactElement {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className={ui.buttonDangerOutline}
        aria-label={props.name}
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => document.getElementById(props.id)?.focus());
        }}
      >
        {props.openLabel}
      </button>
    );
  }
  return (
    <form className={styles.reasonForm} onSubmit={props.onSubmit} noValidate aria-label={props.name}>
      <Field id={props.id} label={props.fieldLabel} hint={props.hint} error={props.error}>
        {(a11y) => <textarea {...a11y} {...props.field} className={ui.textarea} rows={props.rows} />}
      </Field>
      <div className={ui.row}>
        <button type="submit" className={ui.buttonDanger} disabled={props.submitting}>
          {props.submitting ? props.submittingLabel : props.submitLabel}
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
