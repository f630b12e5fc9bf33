import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { preparedPerDb } from "@/db/prepared";
import { providerResponsiveness, providers } from "@/db/schema";
import { serializeResponsiveness } from "@/lib/provider-core/serialize-responsiveness";
import { AppError } from "@/lib/errors";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import { resolveSlugRedirect } from "./resolve-slug-redirect";
import { toPublicProfile, type PublicProfile } from "./serialize";

/** What the public gets for an unknown, unapproved or unpublished slug. */
export function noPublicProvider(): AppError {
  return new AppError("NOT_FOUND", "No published provider has that slug.");
}

const listedBySlug = preparedPerDb((db) =>
  db
    .select({ provider: providers, responsiveness: providerResponsiveness })
    .from(providers)
    .leftJoin(providerResponsiveness, eq(providerResponsiveness.providerId, providers.id))
    .where(and(eq(providers.slug, sql.placeholder("slug")), isPubliclyListed))
    .limit(1)
    .prepare("listed_provider_by_slug"),
);

/** A public profile by its current slug, or one of its old slugs: the profile, or where it moved to. */
export type PublicProviderLookup = { kind: "profile"; profile: PublicProfile } | { kind: "moved"; slug: string };

/**
 * The public profile with this slug, or where an old slug moved to (approved slug changes); null when
 * neither. The redirect table is read only when no listed provider has the slug, so the usual read
 * stays one indexed query. The listing cache keeps the answers (lib/listing-cache/cached-profile.ts).
 */
export async function findPublicProvider(db: Db, params: { slug: string }): Promise<PublicProviderLookup | null> {
  const [row] = await listedBySlug(db).execute({ slug: params.slug });
  if (row) return { kind: "profile", profile: toPublicProfile(row.provider, serializeResponsiveness(row.responsiveness)) };
  const moved = await resolveSlugRedirect(db, { slug: params.slug });
  return moved ? { kind: "moved", slug: moved } : null;
}
