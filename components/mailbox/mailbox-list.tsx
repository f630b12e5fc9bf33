import type { MailboxEntry } from "@/lib/email/list-mailbox";
import styles from "./mailbox.module.css";

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/** The emails the local mailbox holds, newest first, each with its links as real anchors. */
export function MailboxList({ emails }: { emails: MailboxEntry[] }) {
  return (
    <ol className={styles.list}>
      {emails.map((email, index) => (
        <li key={`${email.createdAt.toISOString()}-${index}`}>
          <article className={styles.email} aria-labelledby={`mail-${index}-subject`}>
            <h2 id={`mail-${index}-subject`} className={styles.subject}>
              {email.subject}
            </h2>
            <dl className={styles.meta}>
              <dt>To</dt>
              <dd>{email.to}</dd>
              <dt>Sent</dt>
              <dd>
                <time dateTime={email.createdAt.toISOString()}>{timeFormat.format(email.createdAt)} UTC</time>
              </dd>
            </dl>
            <pre className={styles.body}>{email.text}</pre>
            {email.links.length > 0 ? (
              <>
                <h3 className={styles.linksTitle}>Links in this email</h3>
                <ul className={styles.links}>
                  {email.links.map((link) => (
                    <li key={link}>
                      <a href={link}>{link}</a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </article>
        </li>
      ))}
    </ol>
  );
}
