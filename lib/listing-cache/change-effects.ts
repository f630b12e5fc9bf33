// Which cached answers one listing change can make untrue (docs/decisions/listing-cache.md "Answers are
// weighed lazily"). A change row (migration 0007) carries, before and after, what decides a provider's
// place in lists; the rules below say, from that alone, whether a page, a total, a list's fences or a
// profile may read differently now. They may say "yes" too often (the answer is read again), never too
// rarely.
import type { ProviderListQuery } from "@/lib/public-listing/list-query-schema";
import { matchesSearchWords, searchTerms } from "@/lib/public-listing/search-terms";

/** What decides a listed provider's place in lists: migration 0007's provider_listing_values(). */
export interface ListingValues {
  slug: string;
  name: string;
  featured: boolean;
  publishedAt: string | null;
  specialties: string[];
  countryCode: string | null;
  languages: string[];
  remote: boolean;
  teamSize: string | null;
  minProjectBudget: number | null;
  acceptingClients: boolean;
  /** The ranking (migration 0014): absent in rows written before it. The rotation as text. */
  rankScore?: number | null;
  rankRotation?: string | null;
}

/** One row of provider_listing_changes that names a provider ("everything changed" rows never get here). */
export interface ProviderChange {
  seq: number;
  providerId: string;
  /** null: not listed before (or after) the change. */
  before: ListingValues | null;
  after: ListingValues | null;
  /** Name, headline, description or specialties changed: what a text search (`q`) reads. */
  searchChanged: boolean;
  /**
   * The provider's search words (migration 0009) on a side where it is listed, when the searched
   * text changed or it is listed on that side only; otherwise null.
   */
  searchBefore: string[] | null;
  searchAfter: string[] | null;
}

/** What a cached answer depends on. */
export type CacheSubject =
  /** A list's exact total: which providers match its filter. */
  | { kind: "total"; query: ProviderListQuery }
  /** A list's fences: which providers match, and their order. */
  | { kind: "order"; query: ProviderListQuery }
  /** A page of a list: its order, and what it shows of the providers on it (`slugs`; unknown while it is read). */
  | { kind: "page"; query: ProviderListQuery; slugs?: ReadonlySet<string> }
  /**
   * Answers about these providers (a profile, an old slug's redirect, a rendered page linking them);
   * `anyPlacement`: also any change of which providers any list holds, or of their order.
   */
  | { kind: "slugs"; slugs: ReadonlySet<string>; anyPlacement?: boolean }
  /** Not known yet (a lookup whose answer may name another slug): every change may affect it. */
  | { kind: "unknown" };

type FilterRule = ((query: ProviderListQuery, v: ListingValues) => boolean) | null;

/**
 * Each list parameter's filter, as lib/public-listing/list-query-sql.ts writes it in SQL; null for what
 * does not filter by the values above. Every key of the query must be here: a new filter fails to
 * compile until its rule is written (and its column is in provider_listing_values()).
 */
const FILTER_RULES: { [K in keyof ProviderListQuery]-?: FilterRule } = {
  specialty: (q, v) => !q.specialty || v.specialties.includes(q.specialty),
  featured: (q, v) => !q.featured || v.featured,
  country: (q, v) => !q.country || v.countryCode === q.country,
  language: (q, v) => !q.language || v.languages.includes(q.language),
  remote: (q, v) => !q.remote || v.remote,
  teamSize: (q, v) => !q.teamSize?.length || (v.teamSize !== null && q.teamSize.includes(v.teamSize as never)),
  budget: (q, v) => q.budget === undefined || v.minProjectBudget === null || v.minProjectBudget <= q.budget,
  acceptingClients: (q, v) => !q.acceptingClients || v.acceptingClients,
  // Text search: not decidable from these values; `searchChanged` says when a match may have changed.
  q: null,
  sort: null,
  page: null,
  limit: null,
  explain: null,
};
const RULES = Object.values(FILTER_RULES).filter((rule): rule is NonNullable<FilterRule> => rule !== null);

/** The provider, listed with these values, passes every filter of the query except `q`. */
export function passesFilters(query: ProviderListQuery, values: ListingValues | null): boolean {
  return values !== null && RULES.every((rule) => rule(query, values));
}

/**
 * Whether the provider's text matched the search on one side of the change: from its search words
 * when the change row has them, or from the other side's when the text did not change; "unknown"
 * when neither (or when only Postgres can read the search, lib/public-listing/search-terms.ts).
 */
function searchMatched(q: string, change: ProviderChange, side: "before" | "after"): boolean | "unknown" {
  const own = side === "before" ? change.searchBefore : change.searchAfter;
  const other = side === "before" ? change.searchAfter : change.searchBefore;
  const words = own ?? (change.searchChanged ? null : other);
  const terms = words ? searchTerms(q) : null;
  return words && terms ? matchesSearchWords(terms, words) : "unknown";
}

/** Whether the change may add a provider to, or take one from, the query's matches. */
export function mayChangeMembership(query: ProviderListQuery, change: ProviderChange): boolean {
  const before = passesFilters(query, change.before);
  const after = passesFilters(query, change.after);
  if (query.q === undefined || (!before && !after)) return before !== after;
  const matchedBefore = before && searchMatched(query.q, change, "before");
  const matchedAfter = after && searchMatched(query.q, change, "after");
  if (matchedBefore === "unknown" || matchedAfter === "unknown") {
    // In by its filters on both sides, with its text unchanged: it matches the search on both or neither.
    return !(before && after && !change.searchChanged);
  }
  return matchedBefore !== matchedAfter;
}

/** Whether the change may change which providers the query lists, or their order. */
export function mayChangeList(query: ProviderListQuery, change: ProviderChange): boolean {
  if (mayChangeMembership(query, change)) return true;
  if (!passesFilters(query, change.before)) return false;
  if (query.q !== undefined) {
    // Its membership did not change: not in the list on either side, or in it on both.
    if (searchMatched(query.q, change, "before") === false) return false;
    // Relevance follows the searched text.
    if (query.sort === "relevance" && change.searchChanged) return true;
  }
  // Listed and matching before and after: only the order can have moved.
  const b = change.before!;
  const a = change.after!;
  if (query.sort === "recommended" && (b.rankScore !== a.rankScore || b.rankRotation !== a.rankRotation)) return true;
  return b.featured !== a.featured || b.publishedAt !== a.publishedAt || b.slug !== a.slug || b.name !== a.name;
}

/** The change is about a provider one of these slugs named, before or after. */
export function touchesSlugs(slugs: ReadonlySet<string>, change: ProviderChange): boolean {
  return (change.before !== null && slugs.has(change.before.slug)) || (change.after !== null && slugs.has(change.after.slug));
}

/** Whether the change may move anything in any list: listed or not, or any value a filter or order reads. */
export function mayChangeAnyList(change: ProviderChange): boolean {
  return JSON.stringify(change.before) !== JSON.stringify(change.after);
}

/** Whether an answer that depends on `subject` may read differently after `change`. */
export function affects(subject: CacheSubject, change: ProviderChange): boolean {
  switch (subject.kind) {
    case "total":
      return mayChangeMembership(subject.query, change);
    case "order":
      return mayChangeList(subject.query, change);
    case "page":
      if (mayChangeList(subject.query, change)) return true;
      // A page shows what it holds: any change of a provider on it. Until its rows are known, any
      // provider that matches its filters may be on it.
      return subject.slugs
        ? touchesSlugs(subject.slugs, change)
        : passesFilters(subject.query, change.before) || passesFilters(subject.query, change.after);
    case "slugs":
      return touchesSlugs(subject.slugs, change) || (subject.anyPlacement === true && mayChangeAnyList(change));
    case "unknown":
      return true;
  }
}
