"use client";

import type { ReactNode } from "react";
import { describedBy, FieldError } from "@/components/apply/fields";
import styles from "@/components/apply/apply-form.module.css";

/** A labelled control with its hint and error, wired for assistive technology. */
export function ContactField(props: {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string;
  children: (aria: { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined }) => ReactNode;
}) {
  const { id, error } = props;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
        {props.optional ? <span className={styles.optional}> (optional)</span> : null}
      </label>
      {props.hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </p>
      ) : null}
      {props.children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy(id, { hint: Boolean(props.hint), error }) })}
      <FieldError id={id} message={error} />
    </div>
  );
}
