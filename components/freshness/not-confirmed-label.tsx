import styles from "./freshness.module.css";

const DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** The public label of a listing not confirmed for 180 days (extensions §6), on its card and profile. */
export function NotConfirmedLabel({ since }: { since: Date | string }) {
  return (
    <p className={styles.notConfirmed} data-testid="not-confirmed-label">
      Details not confirmed since {DATE.format(new Date(since))}
    </p>
  );
}
