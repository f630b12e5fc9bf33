import type { Db } from "@/db/client";
import { findPublicProvider, noPublicProvider, type PublicProviderLookup } from "@/lib/providers/get-public-provider";
import { syncedFeed } from "./listing-changes";
import { prepareJson, type PreparedJson } from "./prepared-json";
import { StampedCache } from "./stamped-cache";

// Public profiles by slug (lib/providers/get-public-provider.ts), kept until a change touches that
// provider: a change row names the provider's slug before and after, so a profile, and an old slug's
// redirect (kept with the slug it points to), is read again exactly when its provider changed.

const MAX_CACHED_PROFILES = 2_000;

interface LookupEntry {
  lookup: PublicProviderLookup;
  json?: PreparedJson;
}

const caches = new WeakMap<Db, StampedCache<LookupEntry | null>>();

export type { PublicProviderLookup };

/** One provider's public profile, or where an old slug moved to; NOT_FOUND for unknown, unapproved and unpublished ones. */
export async function getPublicProviderOrRedirect(db: Db, params: { slug: string }): Promise<PublicProviderLookup> {
  return (await cachedLookup(db, params.slug)).lookup;
}

/** getPublicProviderOrRedirect as the API sends it: a profile's JSON is serialised once per answer. */
export async function getPublicProviderJson(
  db: Db,
  params: { slug: string },
): Promise<{ kind: "profile"; json: PreparedJson } | { kind: "moved"; slug: string }> {
  const entry = await cachedLookup(db, params.slug);
  if (entry.lookup.kind === "moved") return entry.lookup;
  entry.json ??= prepareJson(entry.lookup.profile);
  return { kind: "profile", json: entry.json };
}

// Misses are not kept (a scan of random slugs would evict the profiles people read): they throw,
// and are read again each time; concurrent ones still share one read.
async function cachedLookup(db: Db, slug: string): Promise<LookupEntry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new StampedCache("profiles", MAX_CACHED_PROFILES)));
  const feed = await syncedFeed(db);
  const entry = await cache.get(
    feed,
    slug,
    // Until it is known, an answer may be a redirect to any provider.
    (answer) =>
      answer === undefined
        ? { kind: "unknown" }
        : { kind: "slugs", slugs: new Set(answer?.lookup.kind === "moved" ? [slug, answer.lookup.slug] : [slug]) },
    async () => {
      const lookup = await findPublicProvider(db, { slug });
      return lookup ? { lookup } : null;
    },
    (answer) => answer !== null,
  );
  if (!entry) throw noPublicProvider();
  return entry;
}
