import { and, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { isPubliclyListed } from "./public-visibility";

/**
 * Logo URLs of publicly listed providers, by slug. The directory cards show logos, while the list
 * query returns the API's summary form, which has none.
 */
export async function listProviderLogos(db: Db, params: { slugs: string[] }): Promise<Map<string, string>> {
  if (params.slugs.length === 0) return new Map();
  const rows = await db
    .select({ slug: providers.slug, logoUrl: providers.logoUrl })
    .from(providers)
    .where(and(inArray(providers.slug, params.slugs), isPubliclyListed));
  return new Map(rows.flatMap((r) => (r.logoUrl ? [[r.slug, r.logoUrl] as const] : [])));
}
