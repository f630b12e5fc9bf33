import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers, providerSlugRedirects } from "@/db/schema";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";

/**
 * The current slug of the provider that used to be called `slug`, or null. An old slug keeps pointing
 * at its provider (not at the next slug), so a provider renamed twice redirects in one hop.
 * By default only publicly listed providers are followed, so a redirect never reveals a hidden
 * provider; the admin console passes `listedOnly: false`.
 */
export async function resolveSlugRedirect(
  db: Db,
  params: { slug: string; listedOnly?: boolean },
): Promise<string | null> {
  const listedOnly = params.listedOnly ?? true;
  const [row] = await db
    .select({ slug: providers.slug })
    .from(providerSlugRedirects)
    .innerJoin(providers, eq(providers.id, providerSlugRedirects.providerId))
    .where(and(eq(providerSlugRedirects.oldSlug, params.slug), listedOnly ? isPubliclyListed : undefined))
    .limit(1);
  // An old slug that is some provider's current slug again is answered by that provider, never redirected.
  return row && row.slug !== params.slug ? row.slug : null;
}
