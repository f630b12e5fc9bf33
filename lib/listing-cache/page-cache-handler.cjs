// The incremental cache of Next.js (next.config.ts `cacheHandler`), for pages that show the public
// listing. Loaded by Next.js itself, outside the app bundle, hence plain CommonJS.
//
// Directory and profile pages are rendered once and served from memory, like static pages, until a
// listing change touches them. The app says which (lib/listing-cache/listing-version-hook.ts): each
// page is stamped with the last listing change its instance had applied before the render began, and
// is served while no change since then touches what the page depends on (the providers it links to;
// for directory views also any change of which providers a list holds or of their order). The app
// catches up with the database's change log on every lookup, so a change committed through any app
// instance is served by every instance on its next request, while edits to other listings leave the
// page in place. Every other page keeps Next.js's own cache (files built by `next build`).
//
// Every page served from either cache carries the digests of its inline scripts, for its content
// security policy (script-hashes.cjs).
//
// The app registers its hooks when it starts; until then, listing pages are not cached.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS: Next.js loads this file outside the bundle
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache").default;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const { withScriptHashes } = require("./script-hashes.cjs");

const HOOKS = Symbol.for("provider-registry.listing-page-cache");
// Keys end with "/$" and the page's pathname (next/dist/server/lib/route-cache-key.js).
const LISTING_PAGE = /\/\$\/providers\/[^/]/;
const MAX_BYTES = 32 * 1024 * 1024;

/** @type {Map<string, { stamp: number; subject: unknown; value: unknown; bytes: number }>} */
const entries = new Map();
/**
 * The stamp taken by each key's lookup that missed. Next.js renders a page only after such a
 * lookup, so a render's result is stamped as of before it began, never later: a change committed
 * mid-render comes after the stamp, and is weighed against the page on its next lookup.
 */
const renderStamps = new Map();
const MAX_PENDING_KEYS = 10_000;
let totalBytes = 0;

function appHooks() {
  const hooks = globalThis[HOOKS];
  return hooks && typeof hooks.stamp === "function" ? hooks : null;
}

/** The page's pathname: keys end with "/$" and the pathname (next/dist/server/lib/route-cache-key.js). */
function pathnameOf(key) {
  return key.slice(key.indexOf("/$/") + 2);
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
    const hooks = appHooks();
    const entry = entries.get(key);
    if (entry && hooks) {
      const stamp = await hooks.fresh(entry.subject, entry.stamp);
      if (stamp !== null && entries.get(key) === entry) {
        entry.stamp = stamp;
        // Least recently used first: re-inserting moves the entry to the end.
        entries.delete(key);
        entries.set(key, entry);
        countLookup("listing", true);
        // Fresh as of now: listing changes, not the page's age, decide when it is rendered again, so
        // Next.js never re-renders it in the background on a timer.
        return { lastModified: Date.now(), value: entry.value };
      }
    }
    if (entries.get(key) === entry) forget(key);
    countLookup("listing", false);
    const stamp = hooks ? await hooks.stamp() : null;
    if (stamp === null) return null;
    if (renderStamps.size >= MAX_PENDING_KEYS) renderStamps.clear();
    // Never replace a pending stamp with a newer one: a render that started earlier may still be
    // running, and stamping its result too new would keep it past a change. Too old only costs
    // weighing a few changes again.
    if (!renderStamps.has(key)) renderStamps.set(key, stamp);
    return null;
  }

  async set(key, data, ctx) {
    withScriptHashes(data);
    if (!LISTING_PAGE.test(key)) return super.set(key, data, ctx);
    data = withSingleLocation(data);
    const stamp = renderStamps.get(key);
    // No stamp for this render (the app's database could not say): do not keep it.
    if (stamp === undefined) return;
    renderStamps.delete(key);
    forget(key);
    const hooks = appHooks();
    if (data === null || !hooks) return;
    const bytes = sizeOf(data);
    if (bytes > MAX_BYTES / 4) return;
    entries.set(key, { stamp, subject: hooks.subject(pathnameOf(key), data), value: data, bytes });
    totalBytes += bytes;
    for (const oldest of entries.keys()) {
      if (totalBytes <= MAX_BYTES) break;
      forget(oldest);
    }
  }
};
