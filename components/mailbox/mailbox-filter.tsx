import styles from "./mailbox.module.css";

interface MailboxFilterProps {
  to: string;
  error?: string;
  /** MAILBOX_SECRET when it came in the page's address, carried on by the form. */
  secret?: string | null;
}

/** A plain GET form, so the address lives in the page's address (?to=) and works without JavaScript. */
export function MailboxFilter({ to, error, secret }: MailboxFilterProps) {
  return (
    <form method="get" action="/dev/mailbox" className={styles.filter} role="search" aria-label="Filter emails">
      {secret ? <input type="hidden" name="secret" value={secret} /> : null}
      <div className={styles.filterField}>
        <label htmlFor="mailbox-to">Show emails sent to</label>
        <input
          id="mailbox-to"
          name="to"
          type="email"
          defaultValue={to}
          placeholder="name@example.com"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "mailbox-to-error" : undefined}
        />
        {error ? (
          <p id="mailbox-to-error" className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
      <div className={styles.filterButtons}>
        <button type="submit">Show</button>
      </div>
    </form>
  );
}
