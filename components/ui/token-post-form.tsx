import type { FormEventHandler } from "react";
import styles from "./token-confirmation.module.css";

/**
 * The button of a page opened from an emailed one-time link: a plain POST form carrying the link's
 * values in hidden fields, so it works without JavaScript (the page itself changes nothing on GET,
 * because mail scanners open links). With JavaScript a client component may take the submit over.
 */
export function TokenPostForm({
  action,
  fields,
  label,
  pending = false,
  onSubmit,
}: {
  /** Where the form posts: a token form route, or Auth.js's email callback. */
  action: string;
  fields: Record<string, string>;
  label: string;
  pending?: boolean;
  onSubmit?: FormEventHandler<HTMLFormElement>;
}) {
  return (
    <form method="post" action={action} className={styles.form} onSubmit={onSubmit}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={styles.button} disabled={pending}>
        {label}
      </button>
    </form>
  );
}
