import type { ReviewStats } from "@/lib/reviews/review-schemas";
import { ratingText, reviewCountText, starsText, SUB_RATING_LABELS } from "./review-text";
import styles from "./reviews.module.css";

/**
 * A provider's review figures: the average (stars with the number in words beside them), the count,
 * the recommend share, the sub-ratings that have enough ratings, and the distribution as bars, each
 * with its number written out.
 */
export function ReviewStatsSummary({ stats }: { stats: ReviewStats }) {
  const subRatings = (Object.keys(SUB_RATING_LABELS) as (keyof ReviewStats["subRatings"])[]).filter((k) => stats.subRatings[k] !== null);
  return (
    <div className={styles.stats} data-testid="review-stats">
      <div className={styles.headline}>
        {stats.average !== null ? (
          <p className={styles.average}>
            <span aria-hidden="true" className={styles.stars}>
              {starsText(stats.average)}
            </span>{" "}
            <strong>{ratingText(stats.average)}</strong> out of 5 from {reviewCountText(stats.count)}
          </p>
        ) : (
          <p className={styles.average}>
            {reviewCountText(stats.count)}. The average is shown from 3 reviews.
          </p>
        )}
        {stats.recommendShare !== null ? (
          <p className={styles.muted}>{Math.round(stats.recommendShare * 100)}% would recommend them</p>
        ) : null}
      </div>
      <dl className={styles.distribution} aria-label="Reviews by overall rating">
        {(["5", "4", "3", "2", "1"] as const).map((star) => {
          const n = stats.distribution[star];
          const share = stats.count > 0 ? Math.round((n / stats.count) * 100) : 0;
          return (
            <div key={star} className={styles.barRow}>
              <dt>
                {star} {star === "1" ? "star" : "stars"}
              </dt>
              <dd>
                <span className={styles.bar} aria-hidden="true">
                  <span className={styles.barFill} style={{ width: `${share}%` }} />
                </span>
                <span className={styles.barCount}>{n}</span>
              </dd>
            </div>
          );
        })}
      </dl>
      {subRatings.length > 0 ? (
        <dl className={styles.subRatings} aria-label="Ratings by aspect">
          {subRatings.map((k) => (
            <div key={k}>
              <dt>{SUB_RATING_LABELS[k]}</dt>
              <dd>{ratingText(stats.subRatings[k]!)} out of 5</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
