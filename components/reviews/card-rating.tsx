import ui from "@/components/ui/ui.module.css";
import type { ReviewFigures } from "@/lib/reviews/list-review-figures";
import { cardRatingText, reviewCountText } from "./review-text";
import styles from "./reviews.module.css";

/** A directory card's review figure: "★ 4.6 (7 reviews)" from 3 reviews, "2 reviews" below, nothing at 0. */
export function CardRating({ figures }: { figures: ReviewFigures | undefined }) {
  const text = figures ? cardRatingText(figures) : null;
  if (!figures || !text) return null;
  return (
    <p className={styles.cardRating} data-testid="card-rating">
      {figures.average !== null ? (
        <>
          <span aria-hidden="true">{text}</span>
          <span className={ui.visuallyHidden}>
            Rated {figures.average.toFixed(1)} out of 5 from {reviewCountText(figures.count)}
          </span>
        </>
      ) : (
        text
      )}
    </p>
  );
}
