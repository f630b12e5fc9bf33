import type { ProviderCard as Card } from "@/lib/public-listing/list-public-providers";
import type { ReviewFigures } from "@/lib/reviews/list-review-figures";
import styles from "./directory.module.css";
import { ProviderCard } from "./provider-card";

/**
 * The editors' block above the recommended list (extensions §5): at most three featured providers,
 * taking turns by the weekly rotation key. Labelled as what it is; they also keep their organic place below.
 */
export function FeaturedPicks({ cards, fromSearch, ratings }: { cards: Card[]; fromSearch: string; ratings?: Map<string, ReviewFigures> }) {
  return (
    <section className={styles.featuredPicks} aria-labelledby="featured-picks-heading" data-testid="featured-picks">
      <h2 id="featured-picks-heading">Featured by the registry editors — not paid</h2>
      <p>Chosen by the editors and rotated weekly. Featuring never changes a provider&apos;s score or its place in the list below.</p>
      <ul className={styles.grid} aria-label="Featured by the registry editors">
        {cards.map((card) => (
          <li key={card.slug}>
            <ProviderCard provider={card} fromSearch={fromSearch} headingLevel={3} testId="featured-pick" reviews={ratings?.get(card.slug)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
