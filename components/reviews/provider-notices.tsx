import { PlainText } from "@/components/profile/plain-text";
import { defangWebAddresses } from "@/lib/email/user-text";
import type { ProviderNotice } from "@/lib/reviews/public-read-schemas";
import { dateText } from "./review-text";
import styles from "./reviews.module.css";

const NOTICE_TITLES: Record<ProviderNotice["kind"], string> = {
  REVIEW_MANIPULATION: "Notice from Provider Registry: review manipulation",
};

/** The registry's active notices on a profile, shown near its top. */
export function ProviderNotices({ notices }: { notices: ProviderNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <>
      {notices.map((notice, i) => (
        // Above the provider's name (the page's h1): a labelled region, not a heading of its own.
        <section key={i} className={styles.notice} aria-labelledby={`notice-${i}`} data-testid="provider-notice">
          <p id={`notice-${i}`} className={styles.noticeTitle}>
            <strong>{NOTICE_TITLES[notice.kind]}</strong>
          </p>
          <PlainText text={defangWebAddresses(notice.body)} />
          <p className={styles.muted}>Since {dateText(notice.since)}</p>
        </section>
      ))}
    </>
  );
}
