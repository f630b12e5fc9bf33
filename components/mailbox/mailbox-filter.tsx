import styles from "./mailbox.module.css";

interface MailboxFilterProps {
  to: string;
  error?: string;
}

/** A plain GET form, so the filter lives in the address (?to=) and works without JavaScript. */
export function MailboxFilter({ to, error }: MailboxFilterProps) {
  return (
    <form method="get" action="/dev/mailbox" className={styles.filter} role="search" aria-label="Filter emails">
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
        <button type="submit">Filter</button>
        {to ? <a href="/dev/mailbox">Show all emails</a> : null}
      </div>
    </form>
  );
}
