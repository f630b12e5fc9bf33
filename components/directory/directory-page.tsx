import type { Metadata } from "next";
import Link from "next/link";
import { databaseReady } from "@/db";
import { DirectoryFilters } from "./directory-filters";
import {
  describeFilters,
  directoryHref,
  hasFilters,
  parseDirectoryQuery,
  type DirectoryFilters as Filters,
  type RawSearchParams,
} from "./directory-query";
import styles from "./directory.module.css";
import { Pagination } from "./pagination";
import { ProviderCard } from "./provider-card";
import { listPublicProviderCards } from "@/lib/listing-cache/cached-listing";
import type { ProviderListQuery } from "@/lib/providers/schemas";

const DESCRIPTION =
  "Browse approved agencies and studios: filter by specialty, show featured providers, or search by name and headline.";

function filtersOf(query: ProviderListQuery): Filters {
  return { specialty: query.specialty, featured: query.featured, q: query.q };
}

/** The directory's metadata for the URL parameters it was asked with. */
export function directoryMetadata(raw: RawSearchParams): Metadata {
  const { query, invalid } = parseDirectoryQuery(raw);
  const filters = filtersOf(query);
  const title = describeFilters(filters) + (query.page > 1 ? `, page ${query.page}` : "");
  // Searches are endless variations of the same listing: canonical without q, and kept out of the index.
  const canonical = directoryHref({ specialty: filters.specialty, featured: filters.featured }, query.page);
  return {
    title,
    description: DESCRIPTION,
    alternates: { canonical },
    robots: filters.q || invalid ? { index: false, follow: true } : undefined,
    openGraph: { type: "website", title, description: DESCRIPTION, url: canonical, siteName: "Provider Registry" },
  };
}

/**
 * The directory for the URL parameters it was asked with. Rendered by /providers for searches, and by
 * the cached view route (app/providers/page/…) for everything else: one page, two ways to serve it.
 */
export async function DirectoryPage({ raw }: { raw: RawSearchParams }) {
  const { query, invalid } = parseDirectoryQuery(raw);
  const db = await databaseReady();
  const result = await listPublicProviderCards(db, query);
  const filters = filtersOf(query);
  const totalPages = Math.ceil(result.total / result.limit);
  const first = (result.page - 1) * result.limit + 1;
  const last = first + result.data.length - 1;

  return (
    <>
      <h1>Providers</h1>
      <p className="lede">Approved agencies and studios. Featured providers come first, then the most recently published.</p>

      <DirectoryFilters filters={filters} />

      {invalid ? (
        <p className={styles.notice} role="status">
          Some filters in that link were not recognised, so all providers are shown instead.
        </p>
      ) : null}

      {result.data.length > 0 ? (
        <>
          <p className={styles.summary} data-testid="results-summary">
            {describeFilters(filters)}: showing {first}–{last} of {result.total}
          </p>
          <ul className={styles.grid} aria-label="Providers">
            {result.data.map((provider) => (
              <li key={provider.slug}>
                <ProviderCard provider={provider} logoUrl={provider.logoUrl} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <EmptyState filters={filters} total={result.total} page={result.page} totalPages={totalPages} />
      )}

      <Pagination filters={filters} page={result.page} totalPages={totalPages} />
    </>
  );
}

function EmptyState({ filters, total, page, totalPages }: { filters: Filters; total: number; page: number; totalPages: number }) {
  if (total > 0) {
    return (
      <div className={styles.empty} data-testid="empty-state">
        <h2>There is no page {page}</h2>
        <p>
          The results end on <Link href={directoryHref(filters, totalPages)}>page {totalPages}</Link>.
        </p>
      </div>
    );
  }
  if (hasFilters(filters)) {
    return (
      <div className={styles.empty} data-testid="empty-state">
        <h2>No providers match these filters</h2>
        <p>
          Try another specialty or search term, or <Link href="/providers">clear filters</Link> to see every provider.
        </p>
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
