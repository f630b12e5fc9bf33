import Link from "next/link";
import type { ProviderSummary } from "@/lib/providers/serialize";
import styles from "./directory.module.css";
import { NotConfirmedLabel } from "@/components/freshness/not-confirmed-label";
import { FeaturedBadge } from "./featured-badge";
import { ProviderLogo } from "./provider-logo";
import { SpecialtyList } from "./specialty-list";

/** The profile's address from a list: `from` names the list (its query string) for the profile's way back. */
export function profileHref(slug: string, fromSearch: string): string {
  const path = `/providers/${encodeURIComponent(slug)}`;
  return fromSearch ? `${path}?${new URLSearchParams({ from: fromSearch })}` : path;
}

export function ProviderCard(props: { provider: ProviderSummary; logoUrl: string | null; fromSearch: string; notConfirmedSince?: Date }) {
  const { provider } = props;
  return (
    <article className={styles.card} data-testid="provider-card" data-slug={provider.slug}>
      <div className={styles.cardHead}>
        <ProviderLogo name={provider.name} logoUrl={props.logoUrl} />
        <div className={styles.cardTitle}>
          <h2 className={styles.cardName}>
            <Link href={profileHref(provider.slug, props.fromSearch)} className={styles.cardLink}>
              {provider.name}
            </Link>
          </h2>
          {provider.featured ? <FeaturedBadge /> : null}
        </div>
      </div>
      {provider.headline ? <p className={styles.cardHeadline}>{provider.headline}</p> : null}
      {props.notConfirmedSince ? <NotConfirmedLabel since={props.notConfirmedSince} /> : null}
      <SpecialtyList specialties={provider.specialties} label={`${provider.name} specialties`} linked />
    </article>
  );
}
