import type { ReactNode } from "react";
import type { Specialty } from "@/db/enums";
import { isSafeHttpUrl } from "@/lib/validation/primitives";
import { FeaturedBadge } from "@/components/directory/featured-badge";
import { PlainText } from "./plain-text";
import { PortfolioCards, type PortfolioCardItem } from "./portfolio-cards";
import { ProfileFacts, type ProfileFactValues } from "./profile-facts";
import styles from "./profile.module.css";
import { hasBanner, ProviderBanner } from "./provider-banner";
import { ProviderLogo } from "@/components/directory/provider-logo";
import { SpecialtyList } from "@/components/directory/specialty-list";
import { WebsiteLink } from "./website-link";

export interface ProfileContent extends ProfileFactValues {
  name: string;
  featured: boolean;
  headline: string | null;
  description: string;
  specialties: Specialty[];
  websiteUrl: string | null;
  logoUrl: string | null;
  bannerUrl: string | null;
  portfolio: readonly PortfolioCardItem[];
}

/**
 * The public profile's body: banner, logo and name, headline, about, the facts panel, specialties,
 * website and the portfolio. The
 * profile page and the studio's preview both render this, so the preview cannot drift from the page.
 * On the page the name is the h1 (`nameLevel` 1) and the sections are landmarks; in the studio it
 * sits under the studio's own h1 and section h2 (`nameLevel` 3), and the form's unsaved text may be
 * anything, so every address is checked before it becomes an image or a link.
 */
export function ProfileBody(props: {
  content: ProfileContent;
  nameLevel: 1 | 3;
  /** Extra classes for the name and the section headings (the studio sizes them like the page's). */
  nameClassName?: string;
  headingClassName?: string;
  /** The page's action row (contact, website, responsiveness), under the headline; it then holds the website link. */
  actions?: ReactNode;
}) {
  const { content, nameLevel } = props;
  const onPage = nameLevel === 1;
  const Name = onPage ? "h1" : "h3";
  const Heading = onPage ? "h2" : "h4";
  const Header = onPage ? "header" : "div";
  const About = onPage ? "section" : "div";
  const logoUrl = safeUrl(content.logoUrl);
  const bannerUrl = safeUrl(content.bannerUrl);
  const websiteUrl = safeUrl(content.websiteUrl);
  const headline = content.headline?.trim();
  return (
    <>
      {/* Keyed by URL: a new address gets a fresh image, even after an earlier one failed to load. */}
      <ProviderBanner key={`banner-${bannerUrl}`} bannerUrl={bannerUrl} />
      <Header className={hasBanner(bannerUrl) ? styles.header : `${styles.header} ${styles.headerNoBanner}`}>
        <ProviderLogo key={`logo-${logoUrl}`} name={content.name} logoUrl={logoUrl} size="large" />
        <div className={styles.titles}>
          <Name className={[styles.name, props.nameClassName].filter(Boolean).join(" ")}>{content.name}</Name>
          {content.featured ? <FeaturedBadge /> : null}
        </div>
      </Header>
      {headline ? <p className={`lede ${styles.headline}`}>{content.headline}</p> : null}
      {props.actions}
      <div className={styles.layout}>
        <About className={styles.about} {...(onPage ? { "aria-labelledby": "about-heading" } : {})}>
          <Heading {...(onPage ? { id: "about-heading" } : {})} className={props.headingClassName}>
            About
          </Heading>
          {content.description.trim() ? (
            <PlainText text={content.description} />
          ) : (
            <p className={styles.muted}>This provider has not written a description yet.</p>
          )}
        </About>
        <div className={styles.details}>
          <ProfileFacts facts={content} heading={Heading} />
          {content.specialties.length > 0 ? (
            <>
              <Heading className={styles.detailHeading}>Specialties</Heading>
              <SpecialtyList specialties={content.specialties} linked={onPage} />
            </>
          ) : null}
          {websiteUrl && !props.actions ? (
            <>
              <Heading className={styles.detailHeading}>Website</Heading>
              <WebsiteLink url={websiteUrl} />
            </>
          ) : null}
        </div>
      </div>
      <PortfolioCards items={content.portfolio.filter((item) => safeUrl(item.url))} heading={Heading} />
    </>
  );
}

function safeUrl(url: string | null): string | null {
  const trimmed = url?.trim();
  return trimmed && isSafeHttpUrl(trimmed) ? trimmed : null;
}
