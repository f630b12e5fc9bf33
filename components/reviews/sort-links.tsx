import Link from "next/link";
import { REVIEW_SORTS, type ReviewSort } from "@/lib/reviews/public-read-schemas";
import { reviewsHref, SORT_LABELS } from "./review-text";
import styles from "./reviews.module.css";

/** The sort control as plain links (it works without JavaScript); `current` is marked for every reader. */
export function ReviewSortLinks({ slug, current }: { slug: string; current: ReviewSort | null }) {
  return (
    <nav aria-label="Sort reviews" className={styles.sort}>
      <span className={styles.muted}>Sort:</span>
      <ul>
        {REVIEW_SORTS.map((sort) => (
          <li key={sort}>
            <Link href={reviewsHref(slug, sort)} aria-current={sort === current ? "page" : undefined} className={sort === current ? styles.current : undefined}>
              {SORT_LABELS[sort]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
