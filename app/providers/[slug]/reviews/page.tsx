import type { Metadata } from "next";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { databaseReady } from "@/db";
import styles from "@/components/reviews/reviews.module.css";
import { ReviewItem } from "@/components/reviews/review-item";
import { ReviewStatsSummary } from "@/components/reviews/review-stats";
import { reviewCountText, reviewsHref, SORT_LABELS } from "@/components/reviews/review-text";
import { ReviewSortLinks } from "@/components/reviews/sort-links";
import { isAppError } from "@/lib/errors";
import { getPublicProviderOrRedirect } from "@/lib/listing-cache/cached-profile";
import { REVIEW_LIST_DEFAULT_LIMIT, reviewListQuerySchema, type ReviewListQuery } from "@/lib/reviews/public-read-schemas";
import { listPublicReviews } from "@/lib/reviews/list-public-reviews";

// Every published review of a provider, in the order the visitor chose (?sort=&page=), read fresh on
// each request: the profile stays one cached page and links here for the other orders and the rest.

// Read on each request, never kept: a review's state (published, its labels) changes without a deploy.
export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const lookUp = cache(async (slug: string) => {
  try {
    return await getPublicProviderOrRedirect(await databaseReady(), { slug });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") return null;
    throw error;
  }
});

/** The query as the page reads it: anything it cannot read is the default (newest, page 1). */
function readQuery(raw: Record<string, string | string[] | undefined>): ReviewListQuery {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const parsed = reviewListQuerySchema.safeParse({ sort: first(raw.sort), page: first(raw.page) });
  return parsed.success ? { ...parsed.data, limit: REVIEW_LIST_DEFAULT_LIMIT } : { sort: "newest", page: 1, limit: REVIEW_LIST_DEFAULT_LIMIT };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await lookUp((await params).slug);
  if (found?.kind !== "profile") return { title: "Provider not found" };
  return {
    title: `Client reviews of ${found.profile.name}`,
    alternates: { canonical: `/providers/${found.profile.slug}/reviews` },
    robots: { index: false, follow: true },
  };
}

export default async function ProviderReviewsPage({ params, searchParams }: Props) {
  const slug = (await params).slug;
  const found = await lookUp(slug);
  if (!found) notFound();
  const query = readQuery(await searchParams);
  if (found.kind === "moved") permanentRedirect(reviewsHref(found.slug, query.sort, query.page));
  const provider = found.profile;
  let list;
  try {
    list = await listPublicReviews(await databaseReady(), { slug: provider.slug, ...query });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  const totalPages = Math.max(1, Math.ceil(list.total / list.limit));
  const first = (list.page - 1) * list.limit + 1;

  return (
    <article className={styles.section}>
      <p>
        <Link href={`/providers/${encodeURIComponent(provider.slug)}`}>Back to {provider.name}</Link>
      </p>
      <h1>Client reviews of {provider.name}</h1>
      {list.total === 0 ? (
        <p className={styles.muted}>No reviews yet.</p>
      ) : (
        <>
          <ReviewStatsSummary stats={list.stats} />
          <ReviewSortLinks slug={provider.slug} current={query.sort} />
          <p className={styles.muted} data-testid="reviews-summary" aria-live="polite">
            {list.data.length > 0
              ? `${SORT_LABELS[query.sort]}: showing ${first}–${first + list.data.length - 1} of ${reviewCountText(list.total)}`
              : `There is no page ${list.page}; the reviews end on page ${totalPages}.`}
          </p>
          <ol className={styles.list} aria-label="Reviews">
            {list.data.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} providerName={provider.name} providerSlug={provider.slug} headingLevel={2} />
              </li>
            ))}
          </ol>
          {totalPages > 1 ? (
            <nav aria-label="Review pages" className={styles.pages}>
              {list.page > 1 ? (
                <Link href={reviewsHref(provider.slug, query.sort, Math.min(list.page - 1, totalPages))} rel="prev">
                  Previous page
                </Link>
              ) : null}
              <span>
                Page {list.page} of {totalPages}
              </span>
              {list.page < totalPages ? (
                <Link href={reviewsHref(provider.slug, query.sort, list.page + 1)} rel="next">
                  Next page
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </article>
  );
}
