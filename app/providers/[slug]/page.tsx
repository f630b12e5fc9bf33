import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache, Suspense } from "react";
import { databaseReady } from "@/db";
import { AnalyticsBeacon } from "@/components/analytics/analytics-beacon";
import { AllProvidersLink, BackToResults } from "@/components/directory/back-to-results";
import styles from "@/components/profile/profile.module.css";
import { organizationJsonLd } from "@/components/profile/organization-json-ld";
import { ProfileBody } from "@/components/profile/profile-body";
import { PinnedContact, ProfileActions } from "@/components/profile/profile-actions";
import { directoryPath, directorySearchOf } from "@/components/directory/directory-params";
import { ProviderContact } from "@/components/inquiries/provider-contact";
import { NotConfirmedLabel } from "@/components/freshness/not-confirmed-label";
import { ReportOutdated } from "@/components/profile/report-outdated";
import { ClientReviewsSection } from "@/components/reviews/client-reviews-section";
import { ProviderNotices } from "@/components/reviews/provider-notices";
import { isAppError } from "@/lib/errors";
import { isStale } from "@/lib/freshness/freshness-fields";
import { getPublicProviderOrRedirect } from "@/lib/listing-cache/cached-profile";
import type { PublicProfile } from "@/lib/providers/serialize";
import { listPublicReviews } from "@/lib/reviews/list-public-reviews";
import type { ProviderCard } from "@/lib/public-listing/card-columns";
import { listSimilarAcceptingProviders } from "@/lib/public-listing/list-similar-providers";
import type { PublicReview } from "@/lib/reviews/review-schemas";
import { isSafeHttpUrl } from "@/lib/validation/primitives";

// Rendered on first request and kept by the page cache (lib/listing-cache/page-cache-handler.cjs) until the
// listing changes; `revalidate` only sets how long shared caches may keep it (s-maxage, as for the
// list API). No profile is rendered at build time.
export const revalidate = 10;

export function generateStaticParams(): { slug: string }[] {
  return [];
}

interface Props {
  params: Promise<{ slug: string }>;
}

// generateMetadata and the page both need the provider: one query per request.
const lookUpProvider = cache(async (slug: string) => {
  try {
    return await getPublicProviderOrRedirect(await databaseReady(), { slug });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") return null;
    throw error;
  }
});

/** The profile, or null when none is listed; an old slug of a listed provider redirects permanently to its current one. */
async function loadProvider(slug: string): Promise<PublicProfile | null> {
  const found = await lookUpProvider(slug);
  if (found?.kind === "moved") permanentRedirect(`/providers/${encodeURIComponent(found.slug)}`);
  return found?.profile ?? null;
}

function summaryOf(p: PublicProfile): string {
  if (p.headline) return p.headline;
  const text = p.description.replace(/\s+/g, " ").trim();
  return text.length > 160 ? `${text.slice(0, 157)}…` : text || `${p.name} on Provider Registry`;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const provider = await loadProvider((await params).slug);
  if (!provider) return { title: "Provider not found" };
  const url = `/providers/${provider.slug}`;
  const description = summaryOf(provider);
  const logo = provider.logoUrl && isSafeHttpUrl(provider.logoUrl) ? provider.logoUrl : null;
  return {
    title: provider.name,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: "profile",
      title: provider.name,
      description,
      url,
      siteName: "Provider Registry",
      ...(logo ? { images: [{ url: logo, alt: `${provider.name} logo` }] } : {}),
    },
  };
}

/** How many of the newest reviews the profile shows; the rest, and the other orders, are on its reviews page. */
const PROFILE_REVIEWS = 3;

async function newestReviews(provider: PublicProfile): Promise<PublicReview[]> {
  if (provider.reviews.count === 0) return [];
  try {
    const page = await listPublicReviews(await databaseReady(), { slug: provider.slug, sort: "newest", page: 1, limit: PROFILE_REVIEWS });
    return page.data;
  } catch (error) {
    // Unlisted between the two reads: the profile itself answers 404 on the next request.
    if (isAppError(error) && error.code === "NOT_FOUND") return [];
    throw error;
  }
}

/** For a provider not taking clients, similar ones that are (read only then: most profiles never ask). */
async function similarProviders(provider: PublicProfile): Promise<ProviderCard[]> {
  if (provider.acceptingClients) return [];
  return listSimilarAcceptingProviders(await databaseReady(), { slug: provider.slug, specialties: provider.specialties });
}

export default async function ProviderProfilePage({ params }: Props) {
  const provider = await loadProvider((await params).slug);
  if (!provider) notFound();
  const [newest, similar] = await Promise.all([newestReviews(provider), similarProviders(provider)]);
  const similarHref = directoryPath(
    directorySearchOf(new URLSearchParams({ specialty: provider.specialties[0] ?? "", acceptingClients: "true" })),
  );

  return (
    <article className={styles.profile}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: organizationJsonLd(provider) }} />
      <p className={styles.back}>
        {/* The list the visitor came from is in the URL (?from=), which this cached page never reads on the server. */}
        <Suspense fallback={<AllProvidersLink />}>
          <BackToResults />
        </Suspense>
      </p>
      {isStale(new Date(provider.confirmedAt), new Date()) ? <NotConfirmedLabel since={provider.confirmedAt} /> : null}
      <ProviderNotices notices={provider.notices} />
      <ProfileBody
        content={provider}
        nameLevel={1}
        actions={
          <ProfileActions
            name={provider.name}
            websiteUrl={provider.websiteUrl}
            acceptingClients={provider.acceptingClients}
            responsiveness={provider.responsiveness}
          />
        }
      />
      <ProviderContact
        slug={provider.slug}
        name={provider.name}
        acceptingClients={provider.acceptingClients}
        similar={similar}
        similarHref={similarHref}
      />
      <ClientReviewsSection slug={provider.slug} providerName={provider.name} stats={provider.reviews} newest={newest} />
      <ReportOutdated slug={provider.slug} name={provider.name} />
      {provider.acceptingClients ? <PinnedContact name={provider.name} /> : null}
      <AnalyticsBeacon view={JSON.stringify({ type: "profile_view", slug: provider.slug })} slug={provider.slug} />
    </article>
  );
}
