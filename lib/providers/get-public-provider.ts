import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { preparedPerDb } from "@/db/prepared";
import { providerResponsiveness, providers } from "@/db/schema";
import { providerReviewStats } from "@/db/schema-reviews";
import type { ProviderNotice } from "@/lib/reviews/public-read-schemas";
import { serializeResponsiveness } from "@/lib/provider-core/serialize-responsiveness";
import { AppError } from "@/lib/errors";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import { serializeReviewStats } from "@/lib/reviews/serialize-review";
import { resolveSlugRedirect } from "./resolve-slug-redirect";
import { toPublicProfile, type PublicProfile } from "./serialize";

/** What the public gets for an unknown, unapproved or unpublished slug. */
export function noPublicProvider(): AppError {
  return new AppError("NOT_FOUND", "No published provider has that slug.");
}

const listedBySlug = preparedPerDb((db) =>
  db
    .select({
      provider: providers,
      responsiveness: providerResponsiveness,
      reviewStats: providerReviewStats,
      // The active notices, oldest first: not removed and not yet ended.
      notices: sql<ProviderNotice[]>`coalesce((
        select json_agg(json_build_object('kind', n.kind, 'body', n.body,
          'since', to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by n.created_at, n.id)
        from provider_notices n
        where n.provider_id = ${providers.id} and n.removed_at is null and n.ends_at > now()), '[]'::json)`,
    })
    .from(providers)
    .leftJoin(providerResponsiveness, eq(providerResponsiveness.providerId, providers.id))
    .leftJoin(providerReviewStats, eq(providerReviewStats.providerId, providers.id))
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
  if (row) {
    return {
      kind: "profile",
      profile: toPublicProfile(row.provider, serializeResponsiveness(row.responsiveness), {
        reviews: serializeReviewStats(row.reviewStats),
        notices: row.notices,
      }),
    };
  }
  const moved = await resolveSlugRedirect(db, { slug: params.slug });
  return moved ? { kind: "moved", slug: moved } : null;
}
