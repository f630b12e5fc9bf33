import type { ReactNode } from "react";
import styles from "./ui.module.css";

/**
 * A labelled form control with its hint and error, wired for screen readers: the control gets
 * aria-describedby and aria-invalid from the ids this passes to `children`.
 */
export function Field(props: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (a11y: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode;
}) {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  const errorId = props.error ? `${props.id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={props.id}>
        {props.label}
      </label>
      {props.hint ? (
        <p className={styles.hint} id={hintId}>
          {props.hint}
        </p>
      ) : null}
      {props.children({ id: props.id, "aria-describedby": describedBy, "aria-invalid": props.error ? true : undefined })}
      {props.error ? (
        <p className={styles.fieldError} id={errorId}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
