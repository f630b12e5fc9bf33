import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { AppError } from "@/lib/errors";
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
  const profile = await findPublicProvider(db, params);
  if (profile) return { kind: "profile", profile };
  const moved = await resolveSlugRedirect(db, { slug: params.slug });
  if (moved) return { kind: "moved", slug: moved };
  throw notFound();
}

async function findPublicProvider(db: Db, params: { slug: string }): Promise<PublicProfile | null> {
  const [row] = await db
    .select()
    .from(providers)
    .where(and(eq(providers.slug, params.slug), isPubliclyListed))
    .limit(1);
  return row ? toPublicProfile(row) : null;
}
