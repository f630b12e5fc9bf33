import { and, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import { currentListingVersion } from "./listing-version";

// The analytics beacon asks, for every event, which of its slugs the public can see. The answer holds
// while the listing version stands (any change to what the public sees moves it), so a version read,
// shared by concurrent requests, replaces a query per event, and a listing change counts at once.

/** Past this many slugs (a client inventing them) the remembered answers start over. */
const MAX_REMEMBERED_SLUGS = 50_000;

const remembered = new WeakMap<Db, { version: string; ids: Map<string, string | null> }>();

/** Ids of the publicly listed providers among these slugs, as of the current listing version. */
export async function listedProviderIds(db: Db, slugs: readonly string[]): Promise<string[]> {
  const version = await currentListingVersion(db);
  let known = remembered.get(db);
  if (!known || known.version !== version || known.ids.size > MAX_REMEMBERED_SLUGS) {
    known = { version, ids: new Map() };
    remembered.set(db, known);
  }
  const ids = known.ids;
  const missing = [...new Set(slugs)].filter((slug) => !ids.has(slug));
  if (missing.length > 0) {
    const rows = await db
      .select({ id: providers.id, slug: providers.slug })
      .from(providers)
      .where(and(inArray(providers.slug, missing), isPubliclyListed));
    const found = new Map(rows.map((row) => [row.slug, row.id]));
    for (const slug of missing) ids.set(slug, found.get(slug) ?? null);
  }
  return [...new Set(slugs.map((slug) => ids.get(slug)).filter((id): id is string => Boolean(id)))];
}
