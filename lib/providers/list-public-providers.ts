import { createHash } from "node:crypto";
import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerListingCounts, providerListingState, providers } from "@/db/schema";
import type { ProviderListQuery } from "./schemas";
import { toProviderSummary, type ProviderSummary } from "./serialize";
import { VersionedCache } from "./versioned-cache";

export interface ProviderPage {
  data: ProviderSummary[];
  total: number;
  page: number;
  limit: number;
}

/** A directory card: the summary form plus the logo the API's summary leaves out. */
export type ProviderCard = ProviderSummary & { logoUrl: string | null };

/** A page serialised once for the API: the JSON body and its strong validator. */
export interface PreparedJson {
  body: string;
  etag: string;
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

/** A value's JSON body and its strong validator (a hash of the body). */
export function prepareJson(value: unknown): PreparedJson {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
}

/** The same page of providers as listPublicProviders, in the form the directory's cards show. */
export async function listPublicProviderCards(
  db: Db,
  params: ProviderListQuery,
): Promise<Omit<ProviderPage, "data"> & { data: ProviderCard[] }> {
  const entry = await cachedPage(db, params);
  return { ...entry.page, data: entry.cards };
}

// ---- The cache. Every public answer is keyed by the listing version, a value that triggers change in
// the same transaction as any change to what the public sees (migration 0002). Each request reads it
// (one primary-key row), so a committed change is served at once by every app instance, and an
// unchanged listing costs no list query, count or serialisation.

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
  versionRead: VersionRead;
}

const caches = new WeakMap<Db, ListingCache>();

function cacheFor(db: Db): ListingCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      pages: new VersionedCache(MAX_CACHED_PAGES),
      profiles: new VersionedCache(MAX_CACHED_PROFILES),
      versionRead: versionReader(db),
    };
    caches.set(db, cache);
  }
  return cache;
}

async function cachedPage(db: Db, params: ProviderListQuery): Promise<CacheEntry> {
  const cache = cacheFor(db);
  const version = await cache.versionRead();
  const key = `${params.specialty ?? ""}|${params.featured ? 1 : 0}|${params.page}|${params.limit}|${params.q ?? ""}`;
  const hit = cache.pages.get(key, version);
  if (hit) return hit;
  // The version was read before the rows: a change committed in between only makes this entry
  // older than its key says, so the next request sees a newer version and reads again.
  const result = await queryListedProviders(db, params);
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
  const version = await cache.versionRead();
  const hit = cache.profiles.get(slug, version) as T | undefined;
  if (hit !== undefined) return hit;
  const value = await compute();
  if (value !== undefined) cache.profiles.set(slug, version, value);
  return value;
}

type VersionRead = () => Promise<string>;

/**
 * Reads the listing version, sharing one read among concurrent requests. A request never joins a
 * read that started before it arrived (that read might predate a change the caller already saw
 * committed); it waits for the next one, which every request arriving meanwhile shares.
 */
function versionReader(db: Db): VersionRead {
  let running: Promise<string> | null = null;
  let next: Promise<string> | null = null;
  const start = (): Promise<string> => {
    const read = readListingVersion(db).finally(() => {
      if (running === read) running = null;
    });
    running = read;
    return read;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

/** The current listing version, one read shared by concurrent callers; the page cache keys pages by it. */
export function currentListingVersion(db: Db): Promise<string> {
  return cacheFor(db).versionRead();
}

/** Reads the listing version row itself (no sharing). */
export async function readListingVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ version: providerListingState.version })
    .from(providerListingState)
    .where(eq(providerListingState.id, 1));
  return row?.version ?? "0";
}

// ---- The queries. One query (and one total) serves the API and the directory page, so both list
// exactly the same providers.

/** A LIKE pattern's wildcards (%, _ and the escape character) taken literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * isPubliclyListed with its constants written into the statement instead of bound: a prepared
 * statement's generic plan cannot prove that `approval_status = $1` matches the partial index
 * providers_listed_order_idx, and falls back to sorting every listed row. A test holds the two equal.
 */
export const isPubliclyListedInline = sql`${providers.approvalStatus} = 'APPROVED' and ${providers.publicProfile}`;

function listConditions(params: ProviderListQuery): SQL {
  const conditions: SQL[] = [isPubliclyListedInline];
  if (params.specialty) {
    conditions.push(sql`${providers.specialties} @> array[${params.specialty}]::specialty[]`);
  }
  if (params.featured) conditions.push(eq(providers.featured, true));
  if (params.q) {
    const pattern = `%${escapeLike(params.q)}%`;
    conditions.push(or(ilike(providers.name, pattern), ilike(providers.headline, pattern))!);
  }
  return and(...conditions)!;
}

/** The page's rows, in the directory order. Exported for the benchmark's EXPLAIN and bare server. */
export function listRowsQuery(db: Db, params: ProviderListQuery) {
  return db
    .select({
      slug: providers.slug,
      name: providers.name,
      headline: providers.headline,
      specialties: providers.specialties,
      featured: providers.featured,
      publishedAt: providers.publishedAt,
      logoUrl: providers.logoUrl,
    })
    .from(providers)
    .where(listConditions(params))
    // Spelled exactly as providers_listed_order_idx is built (DESC NULLS LAST on both), or Postgres
    // cannot read the order from the index: it does not use NOT NULL to equate NULLS FIRST and LAST.
    .orderBy(sql`${providers.featured} desc nulls last`, sql`${providers.publishedAt} desc nulls last`, asc(providers.slug))
    .limit(params.limit)
    .offset((params.page - 1) * params.limit);
}

/**
 * The exact total. Filters by specialty and featured read the trigger-maintained count; a text
 * search has no such count and counts its matches.
 */
export function listTotalQuery(db: Db, params: ProviderListQuery) {
  if (params.q) return db.select({ total: count() }).from(providers).where(listConditions(params));
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

async function queryListedProviders(db: Db, params: ProviderListQuery) {
  const [rows, totals] = await Promise.all([listRowsQuery(db, params), listTotalQuery(db, params)]);
  return { data: rows, total: totals[0]?.total ?? 0, page: params.page, limit: params.limit };
}
