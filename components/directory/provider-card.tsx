import Link from "next/link";
import type { ProviderCard as Card } from "@/lib/public-listing/card-columns";
import type { RankExplanation } from "@/lib/ranking/rank-explanation";
import styles from "./directory.module.css";
import { NotConfirmedLabel } from "@/components/freshness/not-confirmed-label";
import { CardFacts } from "./card-facts";
import { FeaturedBadge } from "./featured-badge";
import { ProviderLogo } from "./provider-logo";
import { SpecialtyList } from "./specialty-list";
import { WhyHere } from "./why-here";
import { cardId } from "./results-focus-targets";
import { CardRating } from "@/components/reviews/card-rating";
import type { ReviewFigures } from "@/lib/reviews/list-review-figures";

/** The profile's address from a list: `from` names the list (its query string) for the profile's way back. */
export function profileHref(slug: string, fromSearch: string): string {
  const path = `/providers/${encodeURIComponent(slug)}`;
  return fromSearch ? `${path}?${new URLSearchParams({ from: fromSearch })}` : path;
}

export function ProviderCard(props: {
  provider: Card;
  fromSearch: string;
  /** From 180 days after the last confirmation: "Details not confirmed since {date}". */
  notConfirmedSince?: Date;
  /** In the recommended order: why the provider is here ("Why here?"). */
  explanation?: RankExplanation;
  /** The published reviews' count and average, when the provider has any. */
  reviews?: ReviewFigures;
  /** 3 inside a section of its own (the featured block), 4 inside a profile's section's own section. */
  headingLevel?: 2 | 3 | 4;
  testId?: string;
}) {
  const { provider } = props;
  const Heading = (`h${props.headingLevel ?? 2}` as const);
  return (
    <article id={cardId(provider.slug)} className={styles.card} data-testid={props.testId ?? "provider-card"} data-slug={provider.slug}>
      <div className={styles.cardHead}>
        <ProviderLogo name={provider.name} logoUrl={provider.logoUrl} />
        <div className={styles.cardTitle}>
          <Heading className={styles.cardName}>
            <Link href={profileHref(provider.slug, props.fromSearch)} className={styles.cardLink}>
              {provider.name}
            </Link>
          </Heading>
          {provider.featured ? <FeaturedBadge /> : null}
        </div>
      </div>
      {provider.headline ? <p className={styles.cardHeadline}>{provider.headline}</p> : null}
      <CardRating figures={props.reviews} />
      <CardFacts facts={provider.facts} />
      {props.notConfirmedSince ? <NotConfirmedLabel since={props.notConfirmedSince} /> : null}
      <SpecialtyList specialties={provider.specialties} label={`${provider.name} specialties`} linked />
      {props.explanation ? <WhyHere name={provider.name} explanation={props.explanation} /> : null}
    </article>
  );
}
