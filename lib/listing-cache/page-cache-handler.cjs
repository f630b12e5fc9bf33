// The incremental cache of Next.js (next.config.ts `cacheHandler`), for pages that show the public
// listing. Loaded by Next.js itself, outside the app bundle, hence plain CommonJS.
//
// Directory and profile pages are rendered once and served from memory, like static pages, until
// the listing changes. Whether it changed is the listing version (migration 0002): the same
// primary-key row the list API checks on every request, bumped by triggers in the transaction of
// any change, so a change committed through any app instance is served by every instance on its
// next request. Every other page keeps Next.js's own cache (files built by `next build`).
//
// Every page served from either cache carries the digests of its inline scripts, for its content
// security policy (script-hashes.cjs).
//
// The app registers how to read the version (lib/listing-cache/listing-version-hook.ts) when its
// database is ready; until then, listing pages are not cached.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS: Next.js loads this file outside the bundle
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache").default;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const { withScriptHashes } = require("./script-hashes.cjs");

const VERSION_HOOK = Symbol.for("provider-registry.listing-version");
// Keys end with "/$" and the page's pathname (next/dist/server/lib/route-cache-key.js).
const LISTING_PAGE = /\/\$\/providers\/[^/]/;
const MAX_BYTES = 32 * 1024 * 1024;

/** @type {Map<string, { version: string; value: unknown; bytes: number }>} */
const entries = new Map();
/**
 * The version read by each key's lookup that missed. Next.js renders a page only after such a
 * lookup, so a render's result is stamped with the version read before it began, never with a later
 * one: a change committed mid-render leaves the entry older than the version, and it is rendered again.
 */
const renderVersions = new Map();
const MAX_PENDING_KEYS = 10_000;
let totalBytes = 0;

function readVersion() {
  const hook = globalThis[VERSION_HOOK];
  return typeof hook === "function" ? hook() : Promise.resolve(null);
}

// Counts each lookup for the metrics (lib/metrics/registry.ts registers the counter when the app starts).
const LOOKUP_HOOK = Symbol.for("provider-registry.page-cache-lookup");
function countLookup(cache, hit) {
  const hook = globalThis[LOOKUP_HOOK];
  if (typeof hook === "function") hook(cache, hit ? "hit" : "miss");
}

function sizeOf(value) {
  if (!value) return 64;
  const html = typeof value.html === "string" ? value.html.length : 0;
  const rsc = value.rscData ? value.rscData.length : 0;
  let segments = 0;
  if (value.segmentData) for (const [, buffer] of value.segmentData) segments += buffer.length;
  return 256 + html + rsc + segments;
}

/**
 * Works around Next.js 16.4: a page that redirects (an old slug's 308) records `location` both on
 * the live response and in the rendered value's headers, and the response that rendered it then
 * appends the value's headers again, answering `location: a, a`. The value Next.js is about to send
 * is the object handed to set(), so its copy of the header is dropped there (the live response keeps
 * its own), and the cached copy keeps the header for the responses served from the cache.
 */
function withSingleLocation(data) {
  const headers = data && data.headers;
  if (!headers || headers.location === undefined || (data.status !== 307 && data.status !== 308)) return data;
  const cached = { ...data, headers: { ...headers } };
  delete headers.location;
  return cached;
}

function forget(key) {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  totalBytes -= entry.bytes;
}

module.exports = class ListingPageCacheHandler extends FileSystemCache {
  async get(key, ctx) {
    if (!LISTING_PAGE.test(key)) {
      const found = await super.get(key, ctx);
      countLookup("pages", Boolean(found));
      if (found) withScriptHashes(found.value);
      return found;
    }
    const version = await readVersion();
    if (version === null) {
      countLookup("listing", false);
      return null;
    }
    const entry = entries.get(key);
    countLookup("listing", Boolean(entry && entry.version === version));
    if (entry && entry.version === version) {
      // Least recently used first: re-inserting moves the entry to the end.
      entries.delete(key);
      entries.set(key, entry);
      // Fresh as of now: the version, not the page's age, decides when it is rendered again, so
      // Next.js never re-renders it in the background on a timer.
      return { lastModified: Date.now(), value: entry.value };
    }
    forget(key);
    if (renderVersions.size >= MAX_PENDING_KEYS) renderVersions.clear();
    // Never replace a pending version with a newer one: a render that started earlier may still be
    // running, and stamping its result too new would keep it past the change. Too old only costs a
    // second render.
    if (!renderVersions.has(key)) renderVersions.set(key, version);
    return null;
  }

  async set(key, data, ctx) {
    withScriptHashes(data);
    if (!LISTING_PAGE.test(key)) return super.set(key, data, ctx);
    data = withSingleLocation(data);
    const version = renderVersions.get(key);
    // No version known for this render (the app's database could not say): do not keep it.
    if (version === undefined) return;
    renderVersions.delete(key);
    forget(key);
    if (data === null) return;
    const bytes = sizeOf(data);
    if (bytes > MAX_BYTES / 4) return;
    entries.set(key, { version, value: data, bytes });
    totalBytes += bytes;
    for (const oldest of entries.keys()) {
      if (totalBytes <= MAX_BYTES) break;
      forget(oldest);
    }
  }
};
