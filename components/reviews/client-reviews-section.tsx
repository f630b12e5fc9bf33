import Link from "next/link";
import type { PublicReview, ReviewStats } from "@/lib/reviews/review-schemas";
import { ReviewItem } from "./review-item";
import { ReviewStatsSummary } from "./review-stats";
import { reviewCountText, reviewsHref } from "./review-text";
import { ReviewSortLinks } from "./sort-links";
import styles from "./reviews.module.css";

/**
 * The profile's "Client reviews": the figures and the newest reviews. Sorting and the rest go to the
 * reviews page, so this cached page has one form only (docs/decisions/reviews.md).
 */
export function ClientReviewsSection(props: { slug: string; providerName: string; stats: ReviewStats; newest: PublicReview[] }) {
  const { stats } = props;
  return (
    <section className={styles.section} aria-labelledby="client-reviews" data-testid="client-reviews">
      <h2 id="client-reviews">Client reviews</h2>
      {stats.count === 0 ? (
        <p className={styles.muted}>
          No reviews yet. Clients who contacted {props.providerName} through the registry are invited to review them.
        </p>
      ) : (
        <>
          <ReviewStatsSummary stats={stats} />
          <ReviewSortLinks slug={props.slug} current={null} />
          <ol className={styles.list} aria-label="Newest reviews">
            {props.newest.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} providerName={props.providerName} providerSlug={props.slug} headingLevel={3} />
              </li>
            ))}
          </ol>
          {stats.count > props.newest.length ? (
            <p>
              <Link href={reviewsHref(props.slug, "newest")}>Read all {reviewCountText(stats.count)}</Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
