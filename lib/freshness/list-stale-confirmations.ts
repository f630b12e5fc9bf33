import { and, inArray, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { STALE_AFTER_DAYS } from "./freshness-fields";

/**
 * Of the providers on a page of the directory, those whose details were last confirmed more than
 * STALE_AFTER_DAYS ago, with that date (their card says "Details not confirmed since …"). One small
 * read by slug, so the list's own index-only query needs no extra column.
 */
export async function listStaleConfirmations(db: Db, params: { slugs: string[]; now: Date }): Promise<Map<string, Date>> {
  if (params.slugs.length === 0) return new Map();
  const cutoff = new Date(params.now.getTime() - STALE_AFTER_DAYS * 86_400_000);
  const rows = await db
    .select({ slug: providers.slug, confirmedAt: providers.confirmedAt })
    .from(providers)
    .where(and(inArray(providers.slug, params.slugs), lte(providers.confirmedAt, cutoff)));
  return new Map(rows.map((r) => [r.slug, r.confirmedAt]));
}
