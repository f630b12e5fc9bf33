import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { listCardColumns } from "./card-columns";
import { isPubliclyListedInline } from "./list-query-sql";

/** The directory's editors' block holds at most this many featured providers (extensions §5). */
export const FEATURED_PICKS = 3;

/**
 * The featured providers the directory's first recommended page shows apart, chosen by the ranking's
 * weekly rotation key (so every featured provider takes its turn, Monday to Monday), never by score.
 */
export function listFeaturedPicks(db: Db) {
  return db
    .select(listCardColumns)
    .from(providers)
    .where(and(isPubliclyListedInline, eq(providers.featured, true)))
    // The weekly key ascending: rank_rotation descending (lib/ranking/rotation-key.ts).
    .orderBy(sql`${providers.rankRotation} desc nulls last`, asc(providers.slug))
    .limit(FEATURED_PICKS);
}
