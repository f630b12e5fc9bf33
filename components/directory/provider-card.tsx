import Link from "next/link";
import type { ProviderSummary } from "@/lib/providers/serialize";
import styles from "./directory.module.css";
import { FeaturedBadge } from "./featured-badge";
import { ProviderLogo } from "./provider-logo";
import { SpecialtyList } from "./specialty-list";

export function ProviderCard({ provider, logoUrl }: { provider: ProviderSummary; logoUrl: string | null }) {
  return (
    <article className={styles.card} data-testid="provider-card" data-slug={provider.slug}>
      <div className={styles.cardHead}>
        <ProviderLogo name={provider.name} logoUrl={logoUrl} />
        <div className={styles.cardTitle}>
          <h2 className={styles.cardName}>
            <Link href={`/providers/${provider.slug}`} className={styles.cardLink}>
              {provider.name}
            </Link>
          </h2>
          {provider.featured ? <FeaturedBadge /> : null}
        </div>
      </div>
      {provider.headline ? <p className={styles.cardHeadline}>{provider.headline}</p> : null}
      <SpecialtyList specialties={provider.specialties} label={`${provider.name} specialties`} />
    </article>
  );
}
