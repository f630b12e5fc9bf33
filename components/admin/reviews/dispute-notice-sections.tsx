import Link from "next/link";
import styles from "@/components/studio/inquiries/inquiries.module.css";
import { formatDateTime } from "@/components/ui/format";
import ui from "@/components/ui/ui.module.css";
import { addProviderNoticeAction, decideReviewDisputeAction, removeProviderNoticeAction } from "@/lib/actions/admin/reviews";
import type { ActiveNotice } from "@/lib/reviews/list-active-notices";
import type { OpenDispute } from "@/lib/reviews/list-open-disputes";
import { DISPUTE_REASON_SHORT } from "@/lib/reviews/moderation-labels";
import { PROVIDER_NOTICE_BODY_MAX, PROVIDER_NOTICE_MAX_DAYS } from "@/lib/reviews/review-rules";
import { ModerationForm } from "./moderation-form";

const DAY = 86_400_000;

/** Days and hours left on the 14-day clock, in words. */
function timeLeft(dueAt: Date, now: Date): string {
  const ms = dueAt.getTime() - now.getTime();
  if (ms <= 0) return "overdue: expires at the next sweep";
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / 3_600_000);
  return `${days} ${days === 1 ? "day" : "days"} ${hours} h left`;
}

/** Open disputes with both sides' words; uphold removes the review, reject removes the label. */
export function DisputesSection({ disputes, now }: { disputes: OpenDispute[]; now: Date }) {
  if (disputes.length === 0) return <p>No open disputes.</p>;
  return (
    <ul className={styles.list} aria-label="Open disputes, nearest deadline first">
      {disputes.map((d) => (
        <li key={d.id} className={styles.item}>
          <article aria-labelledby={`dispute-${d.id}`} className={ui.stack}>
            <div className={styles.itemHead}>
              <h3 id={`dispute-${d.id}`} className={styles.reportTitle}>
                {DISPUTE_REASON_SHORT[d.reason]} · “{d.reviewTitle}”
              </h3>
              <span className={styles.excerpt}>
                By <Link href={`/admin/providers/${d.providerSlug}`}>{d.providerName}</Link> · opened {formatDateTime(d.createdAt)} · due{" "}
                {formatDateTime(d.dueAt)} ({timeLeft(d.dueAt, now)})
              </span>
            </div>
            <p className={styles.excerpt}>The review:</p>
            <p className={styles.message}>{d.reviewBody}</p>
            <p className={styles.excerpt}>The provider&apos;s note:</p>
            <p className={styles.message}>{d.note}</p>
            <p className={styles.excerpt}>The reviewer&apos;s answer{d.reviewerAnsweredAt ? ` (${formatDateTime(d.reviewerAnsweredAt)})` : ""}:</p>
            {d.reviewerAnswer ? <p className={styles.message}>{d.reviewerAnswer}</p> : <p className={ui.muted}>No answer yet.</p>}
            <ModerationForm action={decideReviewDisputeAction} label={`Decide the dispute of “${d.reviewTitle}”`} success="Dispute decided; both sides are told.">
              <input type="hidden" name="disputeId" value={d.id} />
              <div className={ui.field}>
                <label htmlFor={`decide-note-${d.id}`} className={ui.label}>
                  Note <span className={ui.muted}>(optional, shown to both sides)</span>
                </label>
                <textarea id={`decide-note-${d.id}`} name="note" rows={2} maxLength={1000} className={ui.textarea} />
              </div>
              <div className={ui.row}>
                <button type="submit" name="decision" value="UPHOLD" className={ui.button}>
                  Uphold: remove the review
                </button>
                <button type="submit" name="decision" value="REJECT" className={ui.buttonSecondary}>
                  Reject: keep the review
                </button>
              </div>
            </ModerationForm>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** Public notices on profiles: add one (a review-manipulation alert) or remove one early. */
export function NoticesSection({ notices, now }: { notices: ActiveNotice[]; now: Date }) {
  const defaultEnd = new Date(now.getTime() + 90 * DAY).toISOString().slice(0, 10);
  const maxEnd = new Date(now.getTime() + PROVIDER_NOTICE_MAX_DAYS * DAY).toISOString().slice(0, 10);
  return (
    <div className={ui.stack}>
      {notices.length === 0 ? (
        <p>No notice is shown on any profile.</p>
      ) : (
        <ul className={styles.list} aria-label="Notices shown now, soonest to end first">
          {notices.map((n) => (
            <li key={n.id} className={styles.item}>
              <article aria-labelledby={`notice-${n.id}`} className={ui.stack}>
                <div className={styles.itemHead}>
                  <h3 id={`notice-${n.id}`} className={styles.reportTitle}>
                    <Link href={`/admin/providers/${n.providerSlug}`}>{n.providerName}</Link>
                  </h3>
                  <span className={styles.excerpt}>
                    Since {formatDateTime(n.createdAt)} · until {formatDateTime(n.endsAt)}
                  </span>
                </div>
                <p className={styles.message}>{n.body}</p>
                <ModerationForm action={removeProviderNoticeAction} label={`Remove the notice on ${n.providerName}`} success="Notice removed.">
                  <input type="hidden" name="noticeId" value={n.id} />
                  <div className={ui.row}>
                    <button type="submit" className={ui.buttonSecondary}>
                      Remove notice
                    </button>
                  </div>
                </ModerationForm>
              </article>
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.reportTitle}>Add a review-manipulation notice</h3>
      <ModerationForm action={addProviderNoticeAction} label="Add a notice" success="Notice added; it shows on the profile now.">
        <input type="hidden" name="kind" value="REVIEW_MANIPULATION" />
        <div className={ui.field}>
          <label htmlFor="notice-slug" className={ui.label}>
            Provider slug
          </label>
          <input id="notice-slug" name="providerSlug" required maxLength={200} className={ui.input} />
        </div>
        <div className={ui.field}>
          <label htmlFor="notice-body" className={ui.label}>
            Notice <span className={ui.muted}>(public, 10–{PROVIDER_NOTICE_BODY_MAX} characters)</span>
          </label>
          <textarea id="notice-body" name="body" rows={3} required minLength={10} maxLength={PROVIDER_NOTICE_BODY_MAX} className={ui.textarea} />
        </div>
        <div className={ui.field}>
          <label htmlFor="notice-ends" className={ui.label}>
            Shown until
          </label>
          <input id="notice-ends" name="endsAt" type="date" required defaultValue={defaultEnd} max={maxEnd} className={ui.input} />
        </div>
        <div className={ui.row}>
          <button type="submit" className={ui.button}>
            Add notice
          </button>
        </div>
      </ModerationForm>
    </div>
  );
}
