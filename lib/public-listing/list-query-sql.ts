// The public list as SQL: which providers a list query selects (filters and search), in which order,
// and its exact total. One query serves the API and the directory page.
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerListingCounts, providerListingFacets, providerSearchPrefixes, providers } from "@/db/schema";
import type { ProviderListQuery } from "./list-query-schema";
import { listCardColumns } from "./card-columns";
import { searchCondition, searchRank } from "./list-search-sql";
import { searchTerms } from "./search-terms";

/**
 * isPubliclyListed with its constants written into the statement instead of bound: a prepared
 * statement's generic plan cannot prove that `approval_status = $1` matches the partial index
 * providers_listed_order_idx, and falls back to sorting every listed row. A test holds the two equal.
 */
export const isPubliclyListedInline = sql`${providers.approvalStatus} = 'APPROVED' and ${providers.publicProfile}`;

/** Whether each parameter narrows the list: a new parameter does not compile until it is said here. */
const NARROWS: { [K in keyof ProviderListQuery]-?: (params: ProviderListQuery) => boolean } = {
  specialty: (p) => p.specialty !== undefined,
  featured: (p) => p.featured === true,
  q: (p) => p.q !== undefined,
  country: (p) => p.country !== undefined,
  language: (p) => p.language !== undefined,
  remote: (p) => p.remote === true,
  teamSize: (p) => Boolean(p.teamSize?.length),
  budget: (p) => p.budget !== undefined,
  acceptingClients: (p) => p.acceptingClients === true,
  sort: () => false,
  page: () => false,
  limit: () => false,
  explain: () => false,
};

/** The parameters that narrow this list, in NARROWS order. */
function narrowedBy(params: ProviderListQuery): (keyof ProviderListQuery)[] {
  return (Object.keys(NARROWS) as (keyof ProviderListQuery)[]).filter((key) => NARROWS[key](params));
}

/** True when the query filters by anything the trigger-maintained counts (specialty × featured) do not cover. */
function needsCount(params: ProviderListQuery): boolean {
  return narrowedBy(params).some((key) => key !== "specialty" && key !== "featured");
}

export function listConditions(params: ProviderListQuery): SQL {
  const conditions: SQL[] = [isPubliclyListedInline];
  if (params.specialty) {
    conditions.push(sql`${providers.specialties} @> array[${params.specialty}]::specialty[]`);
  }
  if (params.featured) conditions.push(eq(providers.featured, true));
  if (params.country) conditions.push(eq(providers.countryCode, params.country));
  if (params.language) conditions.push(sql`${providers.languages} @> array[${params.language}]::text[]`);
  if (params.remote) conditions.push(eq(providers.remote, true));
  if (params.teamSize?.length) {
    const bands = sql.join(
      params.teamSize.map((band) => sql`${band}`),
      sql`, `,
    );
    conditions.push(sql`${providers.teamSize} in (${bands})`);
  }
  if (params.budget !== undefined) {
    conditions.push(sql`(${providers.minProjectBudget} is null or ${providers.minProjectBudget} <= ${params.budget})`);
  }
  if (params.acceptingClients) conditions.push(eq(providers.acceptingClients, true));
  if (params.q) conditions.push(searchCondition(params.q));
  return and(...conditions)!;
}

/**
 * The ORDER BY of each sort, every one ending in the unique slug so pages are stable. The featured
 * order is spelled exactly as providers_listed_order_idx is built (DESC NULLS LAST on both), or
 * Postgres cannot read the order from the index: it does not use NOT NULL to equate NULLS FIRST and LAST.
 */
function orderBy(params: ProviderListQuery, sortMatches: boolean): SQL[] {
  // sortMatches: the same order, with its first key spelled so that no index matches it. Postgres
  // then collects the matches (bitmap scans) and sorts them, instead of walking an order index and
  // filtering: that walk is fast when matches are dense and reads the whole index when they are rare
  // (a long-tail search took a second), and the planner cannot tell the two apart from a prefix.
  const published = sortMatches
    ? sql`coalesce(${providers.publishedAt}, '-infinity'::timestamptz) desc`
    : sql`${providers.publishedAt} desc nulls last`;
  const newest = [published, asc(providers.slug)];
  switch (params.sort ?? "featured") {
    case "newest":
      return newest;
    case "name":
      // Case-insensitive, as people read a list of names.
      return [sortMatches ? sql`lower(${providers.name}) || ''` : sql`lower(${providers.name})`, asc(providers.slug)];
    case "recommended":
      // Spelled as providers_listed_rank_idx is built (migration 0014). The weekly key ascending is
      // rank_rotation descending (lib/ranking/rotation-key.ts).
      return [
        sortMatches ? sql`coalesce(${providers.rankScore}, -1) desc` : sql`${providers.rankScore} desc nulls last`,
        sql`${providers.rankRotation} desc nulls last`,
        asc(providers.slug),
      ];
    case "relevance":
      // Best match first; the default order among equal matches.
      return [sql`${searchRank(params.q ?? "")} desc`, sql`${providers.featured} desc nulls last`, ...newest];
    default:
      return [
        sortMatches ? sql`coalesce(${providers.featured}, false) desc` : sql`${providers.featured} desc nulls last`,
        sql`${providers.publishedAt} desc nulls last`,
        asc(providers.slug),
      ];
  }
}

/** A deep page's start (page-fences.ts): rows from a fence's group on, of which `skipped` come before it. */
export interface PageSeek {
  from: SQL;
  skipped: number;
}

/** The page's rows, in the query's order. Exported for the benchmark's EXPLAIN and bare server. */
export function listRowsQuery(db: Db, params: ProviderListQuery, seek?: PageSeek, sortMatches = false) {
  const where = seek ? and(listConditions(params), seek.from)! : listConditions(params);
  return db
    .select(listCardColumns)
    .from(providers)
    .where(where)
    .orderBy(...orderBy(params, sortMatches))
    .limit(params.limit)
    .offset((params.page - 1) * params.limit - (seek?.skipped ?? 0));
}

/** The one facet a list is filtered by, when it is filtered by nothing else: its total is kept by triggers. */
function soleFacet(params: ProviderListQuery): { facet: "country" | "language"; value: string } | null {
  const [only, ...others] = narrowedBy(params);
  if (others.length > 0) return null;
  if (only === "country") return { facet: "country", value: params.country! };
  if (only === "language") return { facet: "language", value: params.language! };
  return null;
}

/** Migration 0010's provider_search_prefix_max(): longer words have no kept total. */
export const SEARCH_PREFIX_MAX = 24;

/** The one word a list is searched for, when it is filtered by nothing else: its total is kept by triggers. */
function soleSearchWord(params: ProviderListQuery): string | null {
  const [only, ...others] = narrowedBy(params);
  if (only !== "q" || others.length > 0) return null;
  const terms = searchTerms(params.q!);
  return terms?.length === 1 && terms[0]!.length <= SEARCH_PREFIX_MAX ? terms[0]! : null;
}

/**
 * The exact total. Filters by specialty and featured alone, by one country or one language alone, or
 * a search for one word alone, read a trigger-maintained count; anything else counts its matches.
 */
export function listTotalQuery(db: Db, params: ProviderListQuery) {
  const word = soleSearchWord(params);
  if (word !== null) {
    return db.select({ total: providerSearchPrefixes.total }).from(providerSearchPrefixes).where(eq(providerSearchPrefixes.prefix, word));
  }
  const facet = soleFacet(params);
  if (facet) {
    return db
      .select({ total: providerListingFacets.total })
      .from(providerListingFacets)
      .where(and(eq(providerListingFacets.facet, facet.facet), eq(providerListingFacets.value, facet.value)));
  }
  if (needsCount(params)) return db.select({ total: count() }).from(providers).where(listConditions(params));
  return db
    .select({ total: providerListingCounts.total })
    .from(providerListingCounts)
    .where(
      and(
        eq(providerListingCounts.specialty, params.specialty ?? ""),
        eq(providerListingCounts.featuredOnly, params.featured ?? false),
      ),
    );
}
