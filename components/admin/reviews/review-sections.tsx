import Link from "next/link";
import styles from "@/components/studio/inquiries/inquiries.module.css";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import ui from "@/components/ui/ui.module.css";
import {
  closeReviewReportAction,
  publishHeldReviewAction,
  rejectHeldReviewAction,
  removeReviewAction,
} from "@/lib/actions/admin/reviews";
import type { HeldReview } from "@/lib/reviews/list-held-reviews";
import type { OpenReviewReport } from "@/lib/reviews/list-open-review-reports";
import type { PublishedReviewForAdmin } from "@/lib/reviews/list-recent-published-reviews";
import { ModerationForm } from "./moderation-form";
import { ReasonFields } from "./reason-fields";

const FLAG_WORDS: Record<string, string> = {
  BURST: "More than 5 reviews for this provider within 24 hours",
  LATE_SPAM: "The inquiry was marked spam after the 72-hour grace period",
  CONTACT_DETAILS: "The text contains an email address or phone number",
};

function ProviderLink({ slug, name }: { slug: string; name: string }) {
  return <Link href={`/admin/providers/${slug}`}>{name}</Link>;
}

/**
 * Held reviews: the flags and the words, never the rating, so the decision cannot turn on it
 * (extensions §4: moderation is rating-blind).
 */
export function HeldSection({ reviews }: { reviews: HeldReview[] }) {
  if (reviews.length === 0) return <p>No review is held for a decision.</p>;
  return (
    <ul className={styles.list} aria-label="Held reviews, oldest first">
      {reviews.map((r) => (
        <li key={r.id} className={styles.item}>
          <article aria-labelledby={`held-${r.id}`} className={ui.stack}>
            <div className={styles.itemHead}>
              <h3 id={`held-${r.id}`} className={styles.reportTitle}>
                {r.title}
              </h3>
              <span className={styles.excerpt}>
                {r.edit ? "An edit of a published review, for" : "For"} <ProviderLink slug={r.providerSlug} name={r.providerName} /> · by {r.reviewerName} · written{" "}
                {formatDateTime(r.createdAt)}
              </span>
            </div>
            <p className={styles.excerpt}>
              <strong>Held because:</strong> {r.flags.map((f) => FLAG_WORDS[f] ?? f).join("; ")}.
            </p>
            <p className={styles.message}>{r.body}</p>
            <div className={ui.row}>
              <ModerationForm action={publishHeldReviewAction} label={`Publish “${r.title}”`} success="Review published.">
                <input type="hidden" name="reviewId" value={r.id} />
                <button type="submit" className={ui.button}>
                  Publish
                </button>
              </ModerationForm>
            </div>
            <details>
              <summary>Reject…</summary>
              <ModerationForm action={rejectHeldReviewAction} label={`Reject “${r.title}”`} success="Review rejected; the reviewer is told why.">
                <input type="hidden" name="reviewId" value={r.id} />
                <ReasonFields idPrefix={`reject-${r.id}`} />
                <button type="submit" className={ui.buttonSecondary}>
                  Reject review
                </button>
              </ModerationForm>
            </details>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** Published reviews, newest first, each removable with a reason (both sides are told). */
export function PublishedSection({ reviews }: { reviews: PublishedReviewForAdmin[] }) {
  if (reviews.length === 0) return <p>No published reviews.</p>;
  return (
    <ul className={styles.list} aria-label="Published reviews, newest first">
      {reviews.map((r) => (
        <li key={r.id} className={styles.item}>
          <article aria-labelledby={`published-${r.id}`} className={ui.stack}>
            <div className={styles.itemHead}>
              <h3 id={`published-${r.id}`} className={styles.reportTitle}>
                {r.title}
              </h3>
              <span className={styles.excerpt}>
                For <ProviderLink slug={r.providerSlug} name={r.providerName} /> · by {r.reviewerName} · published {formatDateTime(r.publishedAt)}
              </span>
            </div>
            <p className={styles.message}>{r.body}</p>
            <details>
              <summary>Remove…</summary>
              <ModerationForm action={removeReviewAction} label={`Remove “${r.title}”`} success="Review removed; both sides are told why.">
                <input type="hidden" name="reviewId" value={r.id} />
                <ReasonFields idPrefix={`remove-${r.id}`} />
                <button type="submit" className={ui.buttonSecondary}>
                  Remove review
                </button>
              </ModerationForm>
            </details>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** Visitors' open reports of reviews. Reports never hide a review: act in Published, then close the report. */
export function ReportsSection({ reports }: { reports: OpenReviewReport[] }) {
  if (reports.length === 0) return <p>No open reports of reviews.</p>;
  return (
    <ul className={styles.list} aria-label="Open reports, oldest first">
      {reports.map((r) => (
        <li key={r.id} className={styles.item}>
          <article aria-labelledby={`report-${r.id}`} className={ui.stack}>
            <div className={styles.itemHead}>
              <h3 id={`report-${r.id}`} className={styles.reportTitle}>
                {r.reason.replaceAll("_", " ").toLowerCase()} · “{r.reviewTitle}”
              </h3>
              <Badge>{r.reviewStatus.toLowerCase()}</Badge>
              <span className={styles.excerpt}>
                Review of <ProviderLink slug={r.providerSlug} name={r.providerName} /> · reported {formatDateTime(r.createdAt)}
              </span>
            </div>
            <p className={styles.message}>{r.note}</p>
            <ModerationForm action={closeReviewReportAction} label={`Close report on “${r.reviewTitle}”`} success="Report closed.">
              <input type="hidden" name="reportId" value={r.id} />
              <div className={ui.row}>
                <button type="submit" className={ui.buttonSecondary}>
                  Close report
                </button>
              </div>
            </ModerationForm>
          </article>
        </li>
      ))}
    </ul>
  );
}
