import { Badge } from "@/components/ui/badge";
import { formatDate, formatDateTime } from "@/components/ui/format";
import styles from "@/components/studio/inquiries/inquiries.module.css";
import { DISPUTE_REASON_SHORT, REJECT_REASON_LABELS } from "@/lib/reviews/moderation-labels";
import type { ProviderReview } from "@/lib/reviews/moderation-schemas";
import { DisputeForm } from "./dispute-form";
import { ReplyForm } from "./reply-form";

const DISPUTE_STATUS_WORDS = { OPEN: "open", UPHELD: "upheld: review removed", REJECTED: "not upheld", EXPIRED: "expired: no decision in time" } as const;

/** One page of the provider's reviews: what the public sees, with the reply and dispute controls for writers. */
export function ReviewList({ reviews, canWrite, now }: { reviews: ProviderReview[]; canWrite: boolean; now: Date }) {
  return (
    <ul className={styles.list} aria-label="Reviews, newest first">
      {reviews.map((review) => {
        const editable = review.replyEditableUntil !== null && new Date(review.replyEditableUntil) > now;
        return (
          <li key={review.id} className={styles.item}>
            <article aria-labelledby={`review-${review.id}`}>
              <div className={styles.itemHead}>
                <h2 id={`review-${review.id}`} className={styles.reportTitle}>
                  {review.title}
                </h2>
                <span>
                  Rated {review.overall} out of 5{review.wouldRecommend ? ", would recommend" : ""}
                </span>
                {review.underDispute ? <Badge tone="warn">Under review by Provider Registry</Badge> : null}
                {review.status === "REMOVED" ? <Badge tone="bad">Removed</Badge> : null}
                <span className={styles.excerpt}>
                  {review.reviewer.name}
                  {review.reviewer.company ? `, ${review.reviewer.company}` : ""} · published {formatDate(review.publishedAt)}
                  {review.editedAt ? ` · edited ${formatDate(review.editedAt)}` : ""}
                </span>
              </div>
              <p className={styles.message}>{review.body}</p>
              {review.removal ? (
                <p className={styles.excerpt}>
                  Removed by Provider Registry: {review.removal.reason ? REJECT_REASON_LABELS[review.removal.reason] : "no reason recorded"}
                  {review.removal.note ? `. Note: ${review.removal.note}` : ""}
                </p>
              ) : null}
              {review.dispute ? (
                <p className={styles.excerpt}>
                  Your dispute ({DISPUTE_REASON_SHORT[review.dispute.reason]}):{" "}
                  {DISPUTE_STATUS_WORDS[review.dispute.status]}
                  {review.dispute.status === "OPEN"
                    ? ` · decision due ${formatDateTime(review.dispute.dueAt)} · ${review.dispute.reviewerAnswered ? "the reviewer answered" : "no answer from the reviewer yet"}`
                    : ""}
                </p>
              ) : null}
              {review.reply ? (
                <div>
                  <p className={styles.excerpt}>
                    Your reply, {formatDateTime(review.reply.createdAt)}
                    {review.reply.toEarlierVersion ? " (to an earlier version of the review)" : ""}
                    {editable && canWrite ? ` · editable until ${formatDateTime(review.replyEditableUntil)}` : ""}:
                  </p>
                  {editable && canWrite ? <ReplyForm reviewId={review.id} current={review.reply.body} /> : <p className={styles.message}>{review.reply.body}</p>}
                </div>
              ) : null}
              {canWrite && review.status === "PUBLISHED" && !review.reply ? <ReplyForm reviewId={review.id} /> : null}
              {canWrite && review.status === "PUBLISHED" && review.dispute?.status !== "OPEN" ? <DisputeForm reviewId={review.id} /> : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
