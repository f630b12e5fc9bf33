import type { Db } from "@/db/client";
import {
  queryListedProviders,
  type ProviderCard,
  type ProviderPage,
} from "@/lib/providers/list-public-providers";
import { listQueryKey, type ProviderListQuery } from "@/lib/providers/list-query-schema";
import { toProviderSummary } from "@/lib/providers/serialize";
import { currentListingVersion } from "./listing-version";
import { prepareJson, type PreparedJson } from "./prepared-json";
import { VersionedCache } from "./versioned-cache";

// The public listing's answers, kept per listing version (listing-version.ts): a page of the
// directory or the list API, and a profile by slug. One query serves the API and the directory page
// (lib/providers/list-public-providers.ts), so both list exactly the same providers.

const MAX_CACHED_PAGES = 500;
const MAX_CACHED_PROFILES = 2_000;

interface CacheEntry {
  page: ProviderPage;
  cards: ProviderCard[];
  json?: PreparedJson;
}

interface ListingCache {
  pages: VersionedCache<CacheEntry>;
  /** Public profile lookups by slug (get-public-provider.ts), under the same version. */
  profiles: VersionedCache<unknown>;
}

const caches = new WeakMap<Db, ListingCache>();

function cacheFor(db: Db): ListingCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { pages: new VersionedCache(MAX_CACHED_PAGES), profiles: new VersionedCache(MAX_CACHED_PROFILES) };
    caches.set(db, cache);
  }
  return cache;
}

/** Approved, published providers: featured first, then newest publishedAt, then slug (stable across pages). */
export async function listPublicProviders(db: Db, params: ProviderListQuery): Promise<ProviderPage> {
  return (await cachedPage(db, params)).page;
}

/** listPublicProviders as the API sends it, serialised once per change of the listing. */
export async function listPublicProvidersJson(db: Db, params: ProviderListQuery): Promise<PreparedJson> {
  const entry = await cachedPage(db, params);
  entry.json ??= prepareJson(entry.page);
  return entry.json;
}

/** The same page of providers as listPublicProviders, in the form the directory's cards show. */
export async function listPublicProviderCards(
  db: Db,
  params: ProviderListQuery,
): Promise<Omit<ProviderPage, "data"> & { data: ProviderCard[] }> {
  const entry = await cachedPage(db, params);
  return { ...entry.page, data: entry.cards };
}

async function cachedPage(db: Db, params: ProviderListQuery): Promise<CacheEntry> {
  const cache = cacheFor(db);
  const version = await currentListingVersion(db);
  const key = listQueryKey(params);
  const hit = cache.pages.get(key, version);
  if (hit) return hit;
  // The version was read before the rows: a change committed in between only makes this entry
  // older than its key says, so the next request sees a newer version and reads again.
  const result = await queryListedProviders(db, params, version);
  const entry: CacheEntry = {
    page: { ...result, data: result.data.map(toProviderSummary) },
    cards: result.data.map((row) => ({ ...toProviderSummary(row), logoUrl: row.logoUrl })),
  };
  cache.pages.set(key, version, entry);
  return entry;
}

/**
 * A public answer about one slug, computed at most once per listing version. `compute` returns
 * undefined for answers not worth keeping (a slug nobody has: caching those would let a scan of
 * random slugs evict the profiles people read).
 */
export async function cachedBySlug<T>(db: Db, slug: string, compute: () => Promise<T | undefined>): Promise<T | undefined> {
  const cache = cacheFor(db);
  const version = await currentListingVersion(db);
  const hit = cache.profiles.get(slug, version) as T | undefined;
  if (hit !== undefined) return hit;
  const value = await compute();
  if (value !== undefined) cache.profiles.set(slug, version, value);
  return value;
}
