import type { Metadata } from "next";
import Link from "next/link";
import { databaseReady } from "@/db";
import type { Db } from "@/db/client";
import { DropAFilter } from "./drop-a-filter";
import { ActiveFilters } from "./active-filters";
import { CanonicalUrl } from "./canonical-url";
import { DirectoryFilters } from "./directory-filters";
import { clearFiltersHref, describeFilters } from "./directory-labels";
import { directoryHref, directorySearch, hasFilters, parseDirectoryQuery, type DirectoryFilters as Filters, type RawSearchParams } from "./directory-query";
import styles from "./directory.module.css";
import { Pagination } from "./pagination";
import { AnalyticsBeacon } from "@/components/analytics/analytics-beacon";
import { ProviderCard } from "./provider-card";
import { RejectedNotice } from "./rejected-notice";
import { ResultsFocus } from "./results-focus";
import { RESULTS_SUMMARY_ID } from "./results-focus-targets";
import { listFeaturedPickCards, listPublicProviderCards } from "@/lib/listing-cache/cached-listing";
import { listStaleConfirmations } from "@/lib/freshness/list-stale-confirmations";
import { listReviewFigures } from "@/lib/reviews/list-review-figures";
import { FeaturedPicks } from "./featured-picks";
import { listListingFacets } from "@/lib/public-listing/list-listing-facets";

const DESCRIPTION =
  "Browse approved agencies and studios: filter by specialty, country, language, team size and budget, or search by name and description.";

/** The directory's metadata for the URL parameters it was asked with. */
export function directoryMetadata(raw: RawSearchParams): Metadata {
  const { filters, page, rejected } = parseDirectoryQuery(raw);
  const title = describeFilters(filters) + (page > 1 ? `, page ${page}` : "");
  // Searches are endless variations of the same listing, and an order only rearranges it: canonical
  // without either, and searches and refused links kept out of the index.
  const canonical = directoryHref({ ...filters, q: undefined, sort: undefined }, page);
  return {
    title,
    description: DESCRIPTION,
    alternates: { canonical },
    robots: filters.q || rejected.length > 0 ? { index: false, follow: true } : undefined,
    openGraph: { type: "website", title, description: DESCRIPTION, url: canonical, siteName: "Provider Registry" },
  };
}

/**
 * The directory for the URL parameters it was asked with. Rendered by /providers for filtered lists,
 * searches and malformed links, and by the cached view route (app/providers/(directory-views)/page/…) for the plain
 * ones: one page, two ways to serve it. The /providers route first sends a URL that is not its list's
 * one address there (parseDirectoryQuery's redirectTo).
 */
export async function DirectoryPage({ raw }: { raw: RawSearchParams }) {
  const { query, filters, page, rejected } = parseDirectoryQuery(raw);
  const db = await databaseReady();
  const recommended = query.sort === "recommended";
  const [result, facets, picks] = await Promise.all([
    // The recommended order explains itself: each card's "Why here?".
    listPublicProviderCards(db, recommended ? { ...query, explain: true } : query),
    listListingFacets(db),
    // The editors' block: the recommended order's first page only, without a search or filter.
    recommended && page === 1 && !hasFilters(filters) ? listFeaturedPickCards(db) : Promise.resolve([]),
  ]);
  const slugs = result.data.map((p) => p.slug);
  // The ratings of the page's cards and of the featured block's, in one read.
  const [stale, ratings] = await Promise.all([
    listStaleConfirmations(db, { slugs, now: new Date() }),
    listReviewFigures(db, { slugs: [...new Set([...slugs, ...picks.map((p) => p.slug)])] }),
  ]);
  const totalPages = Math.ceil(result.total / result.limit);
  const first = (page - 1) * result.limit + 1;
  const last = first + result.data.length - 1;
  const listSearch = directorySearch(filters, page);

  return (
    <>
      {/* The cached views cannot see the visitor's address: the browser tidies it (empty parameters). */}
      {rejected.length === 0 ? <CanonicalUrl href={directoryHref(filters, page)} /> : null}
      <h1>Providers</h1>
      <p className="lede">
        Approved agencies and studios.{" "}
        {recommended ? (
          <>
            Recommended order: a published score from verified reviews, responsiveness, completeness and freshness; nobody pays for a
            place. <Link href="/how-ranking-works">How ranking works</Link>
          </>
        ) : (
          <>
            Other orders: featured first, newest, or by name. <Link href="/how-ranking-works">How ranking works</Link>
          </>
        )}
      </p>

      <DirectoryFilters filters={filters} facets={facets} total={result.total} />
      <ResultsFocus page={page} />
      <RejectedNotice rejected={rejected} />
      <ActiveFilters filters={filters} clearHref={clearFiltersHref(filters)} />

      <p id={RESULTS_SUMMARY_ID} className={styles.summary} data-testid="results-summary" aria-live="polite" tabIndex={-1}>
        {result.data.length > 0 ? (
          <>
            {describeFilters(filters)}: showing {first}–{last} of {result.total}
          </>
        ) : (
          <>
            {describeFilters(filters)}: {result.total} found
          </>
        )}
      </p>

      {picks.length > 0 ? <FeaturedPicks cards={picks} fromSearch={listSearch} ratings={ratings} /> : null}

      {result.data.length > 0 ? (
        <ul className={styles.grid} aria-label="Providers">
          {result.data.map((provider) => (
            <li key={provider.slug}>
              <ProviderCard
                provider={provider}
                fromSearch={listSearch}
                explanation={provider.explanation}
                notConfirmedSince={stale.get(provider.slug)}
                reviews={ratings.get(provider.slug)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState db={db} filters={filters} total={result.total} page={page} totalPages={totalPages} />
      )}

      <Pagination filters={filters} page={page} totalPages={totalPages} />
      {result.data.length > 0 ? (
        <AnalyticsBeacon
          view={JSON.stringify({ type: "search_impressions", slugs: result.data.map((p) => p.slug), page, sort: query.sort ?? "default" })}
        />
      ) : null}
    </>
  );
}

function EmptyState({ db, filters, total, page, totalPages }: { db: Db; filters: Filters; total: number; page: number; totalPages: number }) {
  if (total > 0) {
    return (
      <div className={styles.empty} data-testid="empty-state">
        <h2>There is no page {page}</h2>
        <p>
          These results end on <Link href={directoryHref(filters, totalPages)}>page {totalPages}</Link>.
        </p>
      </div>
    );
  }
  if (hasFilters(filters)) {
    return (
      <div className={styles.empty} data-testid="empty-state">
        <h2>No providers match these filters</h2>
        <p>
          Remove a filter above, try another search term, or <Link href={clearFiltersHref(filters)}>clear filters</Link> to see
          every provider.
        </p>
        <DropAFilter db={db} filters={filters} />
      </div>
    );
  }
  return (
    <div className={styles.empty} data-testid="empty-state">
      <h2>No providers are listed yet</h2>
      <p>
        Run an agency or studio? <Link href="/apply">Apply to join the registry</Link>.
      </p>
    </div>
  );
}
