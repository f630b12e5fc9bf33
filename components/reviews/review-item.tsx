import Link from "next/link";
import { PlainText } from "@/components/profile/plain-text";
import ui from "@/components/ui/ui.module.css";
import { defangWebAddresses } from "@/lib/email/user-text";
import type { PublicReview } from "@/lib/reviews/review-schemas";
import { dateText, ratingText, reviewReportHref, starsText } from "./review-text";
import styles from "./reviews.module.css";

const VERIFICATION_LABELS: Record<PublicReview["verification"], string> = {
  CONFIRMED_BY_BOTH: "Engagement confirmed by both",
  STATED_BY_CLIENT: "Stated by the client",
};

const PROJECT_STATUS_LABELS: Record<PublicReview["projectStatus"], string> = {
  ONGOING: "Project ongoing",
  COMPLETED: "Project completed",
  ENDED_EARLY: "Project ended early",
};

/** Text a visitor typed: plain text, web addresses defanged so nothing reads as a link. */
const shown = (text: string) => defangWebAddresses(text);

function reviewerLine(reviewer: PublicReview["reviewer"]): string {
  return [reviewer.name, reviewer.role, reviewer.company].filter(Boolean).map((s) => shown(s!)).join(", ");
}

/**
 * One published review: rating, title, who wrote it and how the engagement is known, the incentive
 * above the text (Clutch's rule), the text, "Edited", the provider's reply and a "Report" link.
 * Nothing a visitor typed is ever a link.
 */
export function ReviewItem(props: { review: PublicReview; providerName: string; providerSlug: string; headingLevel: 2 | 3 }) {
  const { review } = props;
  const Heading = props.headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={styles.review} data-testid="review" data-review-id={review.id} aria-labelledby={`review-${review.id}`}>
      <p className={styles.rating}>
        <span aria-hidden="true" className={styles.stars}>
          {starsText(review.overall)}
        </span>{" "}
        <span>Rated {ratingText(review.overall)} out of 5</span>
        {review.wouldRecommend ? <span className={styles.muted}> · Would recommend</span> : <span className={styles.muted}> · Would not recommend</span>}
      </p>
      <Heading id={`review-${review.id}`} className={styles.reviewTitle}>
        {shown(review.title)}
      </Heading>
      <p className={styles.byline}>
        {reviewerLine(review.reviewer)} · {dateText(review.publishedAt)}
      </p>
      <ul className={styles.labels} aria-label="About this review">
        <li className={review.verification === "CONFIRMED_BY_BOTH" ? styles.confirmed : styles.label}>{VERIFICATION_LABELS[review.verification]}</li>
        <li className={styles.label}>{PROJECT_STATUS_LABELS[review.projectStatus]}</li>
        {review.underDispute ? <li className={styles.disputed}>Under review by Provider Registry</li> : null}
      </ul>
      {review.incentive ? (
        <p className={styles.incentive}>
          <strong>The reviewer received something for this review:</strong> {shown(review.incentive)}
        </p>
      ) : null}
      <div className={styles.body}>
        <PlainText text={shown(review.body)} />
      </div>
      {review.editedAt ? <p className={styles.muted}>Edited {dateText(review.editedAt)}</p> : null}
      {review.reply ? (
        <div className={styles.reply}>
          <p className={styles.replyHead}>
            Reply from {props.providerName}
            {review.reply.toEarlierVersion ? <span className={styles.muted}> (reply to an earlier version)</span> : null}
          </p>
          <PlainText text={shown(review.reply.body)} />
        </div>
      ) : null}
      <p className={styles.reportLine}>
        <Link href={reviewReportHref(props.providerSlug, review.id)} rel="nofollow">
          Report<span className={ui.visuallyHidden}> the review “{shown(review.title)}”</span>
        </Link>
      </p>
    </article>
  );
}
