import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerResponsiveness, providers } from "@/db/schema";
import { serializeResponsiveness } from "@/lib/inquiries/serialize";
import { AppError } from "@/lib/errors";
import { cachedBySlug } from "@/lib/listing-cache/cached-listing";
import { prepareJson, type PreparedJson } from "@/lib/listing-cache/prepared-json";
import { isPubliclyListed } from "./public-visibility";
import { resolveSlugRedirect } from "./resolve-slug-redirect";
import { toPublicProfile, type PublicProfile } from "./serialize";

function notFound(): AppError {
  return new AppError("NOT_FOUND", "No published provider has that slug.");
}

/** One provider's public profile; absent, unapproved and unpublished providers are all "not found". */
export async function getPublicProvider(db: Db, params: { slug: string }): Promise<PublicProfile> {
  const found = await findPublicProvider(db, params);
  if (!found) throw notFound();
  return found;
}

/** A public profile by its current slug, or one of its old slugs: the profile, or where it moved to. */
export type PublicProviderLookup = { kind: "profile"; profile: PublicProfile } | { kind: "moved"; slug: string };

/**
 * getPublicProvider that also follows old slugs (approved slug changes). The redirect table is read
 * only when no listed provider has the slug, so the usual read stays one indexed query.
 */
export async function getPublicProviderOrRedirect(db: Db, params: { slug: string }): Promise<PublicProviderLookup> {
  return (await cachedLookup(db, params.slug)).lookup;
}

/** getPublicProviderOrRedirect as the API sends it: a profile's JSON is serialised once per listing version. */
export async function getPublicProviderJson(
  db: Db,
  params: { slug: string },
): Promise<{ kind: "profile"; json: PreparedJson } | { kind: "moved"; slug: string }> {
  const entry = await cachedLookup(db, params.slug);
  if (entry.lookup.kind === "moved") return entry.lookup;
  entry.json ??= prepareJson(entry.lookup.profile);
  return { kind: "profile", json: entry.json };
}

interface LookupEntry {
  lookup: PublicProviderLookup;
  json?: PreparedJson;
}

// Every change to a listed provider, its slug included, changes the listing version in the same
// transaction (migration 0002), so a profile or redirect read under one version stays true until
// the next. Misses are not kept: they throw, and are read again each time.
async function cachedLookup(db: Db, slug: string): Promise<LookupEntry> {
  const entry = await cachedBySlug<LookupEntry>(db, slug, async () => {
    const profile = await findPublicProvider(db, { slug });
    if (profile) return { lookup: { kind: "profile", profile } };
    const moved = await resolveSlugRedirect(db, { slug });
    return moved ? { lookup: { kind: "moved", slug: moved } } : undefined;
  });
  if (!entry) throw notFound();
  return entry;
}

async function findPublicProvider(db: Db, params: { slug: string }): Promise<PublicProfile | null> {
  const [row] = await db
    .select({ provider: providers, responsiveness: providerResponsiveness })
    .from(providers)
    .leftJoin(providerResponsiveness, eq(providerResponsiveness.providerId, providers.id))
    .where(and(eq(providers.slug, params.slug), isPubliclyListed))
    .limit(1);
  return row ? toPublicProfile(row.provider, serializeResponsiveness(row.responsiveness)) : null;
}
