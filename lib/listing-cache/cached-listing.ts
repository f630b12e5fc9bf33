import type { Db } from "@/db/client";
import {
  queryListedProviders,
  type ProviderCard,
  type ProviderPage,
} from "@/lib/public-listing/list-public-providers";
import { listQueryKey, type ProviderListQuery } from "@/lib/public-listing/list-query-schema";
import { countListed, listTotalKey } from "@/lib/public-listing/list-totals";
import { computeFences, fencesKey, type Fence, type FencedSort } from "@/lib/public-listing/page-fences";
import { toProviderSummary } from "@/lib/providers/serialize";
import { toProviderCard } from "@/lib/public-listing/card-columns";
import { listRankExplanations } from "@/lib/public-listing/list-rank-explanations";
import { FEATURED_PICKS, listFeaturedPicks } from "@/lib/public-listing/list-featured-picks";
import { syncedFeed, type ListingFeed } from "./listing-changes";
import { prepareJson, type PreparedJson } from "./prepared-json";
import { StampedCache } from "./stamped-cache";

// The public listing's answers: a page of the directory or the list API, the exact total of a
// filter, and the fences of a filter + order (deep pages, lib/public-listing/page-fences.ts). Each is kept
// until a listing change affects it (listing-changes.ts, change-effects.ts), so an edit to one
// listing leaves the answers about others in place. One query serves the API and the directory page
// (lib/public-listing/list-public-providers.ts), so both list exactly the same providers.

const MAX_CACHED_PAGES = 500;
/** Filters whose totals one instance keeps. */
const MAX_COUNTED_LISTS = 2_000;
/** Filter + order combinations whose fences one instance keeps. */
const MAX_FENCED_LISTS = 200;

interface PageEntry {
  page: ProviderPage;
  cards: ProviderCard[];
  slugs: ReadonlySet<string>;
  json?: PreparedJson;
}

interface ListingCaches {
  pages: StampedCache<PageEntry>;
  totals: StampedCache<number>;
  fences: StampedCache<Fence[] | null>;
}

const caches = new WeakMap<Db, ListingCaches>();

function cachesFor(db: Db): ListingCaches {
  let found = caches.get(db);
  if (!found) {
    found = {
      pages: new StampedCache("pages", MAX_CACHED_PAGES),
      totals: new StampedCache("totals", MAX_COUNTED_LISTS),
      fences: new StampedCache("fences", MAX_FENCED_LISTS),
    };
    caches.set(db, found);
  }
  return found;
}

/** Approved, published providers (featured first, then newest, then slug by default) as the API sends them, serialised once per answer. */
export async function listPublicProvidersJson(db: Db, params: ProviderListQuery): Promise<PreparedJson> {
  const entry = await cachedPage(db, params);
  entry.json ??= prepareJson(entry.page);
  return entry.json;
}

/** The same page of providers as listPublicProvidersJson, in the form the directory's cards show. */
export async function listPublicProviderCards(
  db: Db,
  params: ProviderListQuery,
): Promise<Omit<ProviderPage, "data"> & { data: ProviderCard[] }> {
  const entry = await cachedPage(db, params);
  return { ...entry.page, data: entry.cards };
}

async function cachedPage(db: Db, params: ProviderListQuery): Promise<PageEntry> {
  const feed = await syncedFeed(db);
  return cachesFor(db).pages.get(
    feed,
    listQueryKey(params),
    (entry) => ({ kind: "page", query: params, slugs: entry?.slugs }),
    async () => {
      const result = await queryListedProviders(db, params, {
        total: () => cachedTotal(db, feed, params),
        fences: (sort) => cachedFences(db, feed, params, sort),
      });
      const slugs = result.data.map((row) => row.slug);
      // explain=true: the page's explanations, read with the page and dropped with it (a change of a
      // provider on the page, its rank columns included, drops the page).
      const ranked = params.explain ? await listRankExplanations(db, { slugs }) : undefined;
      return {
        page: { ...result, data: result.data.map(toProviderSummary), ...ranked },
        cards: result.data.map((row) => toProviderCard(row, ranked?.explanations[row.slug])),
        slugs: new Set(slugs),
      };
    },
  );
}

/**
 * The directory's "Featured by the registry editors" block (lib/public-listing/list-featured-picks.ts),
 * kept like a page of featured providers in the recommended order: dropped when a provider is featured
 * or not, enters or leaves the listing, its rotation key turns (Mondays), or a card on it changes.
 */
export async function listFeaturedPickCards(db: Db): Promise<ProviderCard[]> {
  const feed = await syncedFeed(db);
  const query: ProviderListQuery = { featured: true, q: undefined, sort: "recommended", page: 1, limit: FEATURED_PICKS };
  const entry = await cachesFor(db).pages.get(
    feed,
    "featured-picks",
    (answer) => ({ kind: "page", query, slugs: answer?.slugs }),
    async () => {
      const rows = await listFeaturedPicks(db);
      const data = rows.map(toProviderSummary);
      return {
        page: { data, total: rows.length, page: 1, limit: FEATURED_PICKS },
        cards: rows.map((row) => toProviderCard(row)),
        slugs: new Set(rows.map((row) => row.slug)),
      };
    },
  );
  return entry.cards;
}

/** How many providers a list holds (the same kept total its pages show). */
export async function countPublicProviders(db: Db, params: ProviderListQuery): Promise<number> {
  return cachedTotal(db, await syncedFeed(db), params);
}

/** Every page of a filtered list or search has the same total: counted once, until a change may alter it. */
function cachedTotal(db: Db, feed: ListingFeed, params: ProviderListQuery): Promise<number> {
  return cachesFor(db).totals.get(feed, listTotalKey(params), () => ({ kind: "total", query: params }), () => countListed(db, params));
}

/** A list's fences, walked once until a change may move a provider in that list. */
function cachedFences(db: Db, feed: ListingFeed, params: ProviderListQuery, sort: FencedSort): Promise<Fence[] | null> {
  return cachesFor(db).fences.get(
    feed,
    fencesKey(params, sort),
    () => ({ kind: "order", query: { ...params, sort } }),
    () => computeFences(db, params, sort),
  );
}
