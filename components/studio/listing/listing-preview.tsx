import { FeaturedBadge } from "@/components/directory/featured-badge";
import { PlainText } from "@/components/directory/plain-text";
import profile from "@/components/directory/profile.module.css";
import { ProviderBanner } from "@/components/directory/provider-banner";
import { ProviderLogo } from "@/components/directory/provider-logo";
import { SpecialtyList } from "@/components/directory/specialty-list";
import { WebsiteLink } from "@/components/directory/website-link";
import type { Specialty } from "@/db/enums";
import { isSafeHttpUrl } from "@/lib/validation/primitives";
import styles from "./listing.module.css";

export interface PreviewContent {
  name: string;
  featured: boolean;
  headline: string;
  description: string;
  specialties: Specialty[];
  websiteUrl: string | null;
  logoUrl: string | null;
  bannerUrl: string | null;
}

/**
 * The public profile as it would look, built from the directory's own pieces. Headings start one
 * level below the studio's section heading; the page's only h1 stays the studio's.
 */
export function ListingPreview({ content }: { content: PreviewContent }) {
  const logoUrl = safe(content.logoUrl);
  const bannerUrl = safe(content.bannerUrl);
  const websiteUrl = safe(content.websiteUrl);
  return (
    <div className={`${profile.profile} ${styles.preview}`} data-testid="listing-preview">
      {/* Keyed by URL: a new address gets a fresh image, even after an earlier one failed to load. */}
      <ProviderBanner key={`banner-${bannerUrl}`} bannerUrl={bannerUrl} />
      <div className={profile.header}>
        <ProviderLogo key={`logo-${logoUrl}`} name={content.name} logoUrl={logoUrl} size="large" />
        <div className={profile.titles}>
          <h3 className={`${profile.name} ${styles.previewName}`}>{content.name}</h3>
          {content.featured ? <FeaturedBadge /> : null}
        </div>
      </div>
      {content.headline.trim() ? <p className={`lede ${profile.headline}`}>{content.headline}</p> : null}
      <div className={profile.layout}>
        <div className={profile.about}>
          <h4 className={styles.previewHeading}>About</h4>
          {content.description.trim() ? (
            <PlainText text={content.description} />
          ) : (
            <p className={profile.muted}>This provider has not written a description yet.</p>
          )}
        </div>
        <div className={profile.details}>
          {content.specialties.length > 0 ? (
            <>
              <h4 className={profile.detailHeading}>Specialties</h4>
              <SpecialtyList specialties={content.specialties} />
            </>
          ) : null}
          {websiteUrl ? (
            <>
              <h4 className={profile.detailHeading}>Website</h4>
              <WebsiteLink url={websiteUrl} />
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function safe(url: string | null): string | null {
  const trimmed = url?.trim();
  return trimmed && isSafeHttpUrl(trimmed) ? trimmed : null;
}
