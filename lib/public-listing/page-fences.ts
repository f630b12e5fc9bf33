// Deep list pages without OFFSET scans (issue 14 item 2; docs/decisions/discovery-and-paging.md "Deep pages seek from fences").
//
// For each filter + order asked for, one query walks the order's index once and keeps a fence every
// FENCE_EVERY rows: the sort key of that row's group and the exact
// number of rows before the group. A deep page then seeks to the nearest fence at or before it
// through the index (a row comparison Postgres starts the index scan at) and skips fewer than
// FENCE_EVERY rows, instead of walking page × limit entries from the top. Totals are unchanged, and
// the order is the same ORDER BY as every other page, so pages stay exact and stable.
import { sql, type SQL } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { providers } from "@/db/schema";
import { listQueryKey, type ProviderListQuery } from "./list-query-schema";
import { listConditions, listRowsQuery, type PageSeek } from "./list-query-sql";

/** Rows between fences: a deep page skips at most this many index entries. */
export const FENCE_EVERY = 200;

export interface Fence {
  /** Rows before the fence's group in this order and filter. */
  before: number;
  /** The group's sort key, as text (timestamps keep their full precision through text). */
  k1: string | boolean;
  k2: string | null;
}

export type FencedSort = "featured" | "recommended" | "newest" | "name";

/** How each order groups rows and seeks to a group: only orders an index yields are fenced. */
// `keys` are read in the walk; `out` turns only the kept rows' keys into text.
const ORDERS: Record<FencedSort, { window: SQL; keys: SQL; out: SQL; seek: (f: Fence) => SQL; nullable: SQL | null }> = {
  featured: {
    window: sql`${providers.featured} desc nulls last, ${providers.publishedAt} desc nulls last`,
    keys: sql`${providers.featured} as k1, ${providers.publishedAt} as k2`,
    out: sql`k1, k2::text as k2`,
    // Both columns are DESC in providers_listed_order_idx: "at or after the group" is <= here.
    seek: (f) => sql`(${providers.featured}, ${providers.publishedAt}) <= (${f.k1}::boolean, ${f.k2}::timestamptz)`,
    nullable: sql`${providers.publishedAt} is null`,
  },
  recommended: {
    window: sql`${providers.rankScore} desc nulls last, ${providers.rankRotation} desc nulls last`,
    keys: sql`${providers.rankScore} as k1, ${providers.rankRotation} as k2`,
    out: sql`k1::text as k1, k2::text as k2`,
    // Both DESC in providers_listed_rank_idx, as for featured: one row comparison the scan starts at.
    seek: (f) => sql`(${providers.rankScore}, ${providers.rankRotation}) <= (${f.k1}::numeric, ${f.k2}::bigint)`,
    nullable: sql`(${providers.rankScore} is null or ${providers.rankRotation} is null)`,
  },
  newest: {
    window: sql`${providers.publishedAt} desc nulls last`,
    keys: sql`${providers.publishedAt} as k1`,
    out: sql`k1::text as k1, null::text as k2`,
    seek: (f) => sql`${providers.publishedAt} <= ${f.k1}::timestamptz`,
    nullable: sql`${providers.publishedAt} is null`,
  },
  name: {
    window: sql`lower(${providers.name})`,
    keys: sql`lower(${providers.name}) as k1`,
    out: sql`k1, null::text as k2`,
    seek: (f) => sql`lower(${providers.name}) >= ${f.k1}::text`,
    nullable: null,
  },
};

/**
 * The fences of one filter + order: one walk of the order's index. null when the list cannot be
 * fenced (a listed provider without publishedAt: a row comparison with NULL is unknown). The listing
 * cache keeps them (lib/listing-cache/cached-listing.ts) until a change moves a provider in that list.
 */
export async function computeFences(db: Db, params: ProviderListQuery, sort: FencedSort): Promise<Fence[] | null> {
  const order = ORDERS[sort];
  const listed = listConditions(params);
  const [rows, nulls] = await Promise.all([
    executeRows<{ k1: string | boolean; k2: string | null; before: number | string }>(
      db,
      sql`select ${order.out}, before from (
            select ${order.keys},
              rank() over (order by ${order.window}) - 1 as before,
              row_number() over (order by ${order.window}, ${providers.slug}) as rn
            from ${providers} where ${listed}
          ) walk
          where rn % ${FENCE_EVERY} = 0 or rn = 1
          order by rn`,
    ),
    order.nullable
      ? executeRows<{ found: boolean }>(db, sql`select exists (select 1 from ${providers} where ${listed} and ${order.nullable}) as found`)
      : Promise.resolve([{ found: false }]),
  ]);
  if (nulls[0]?.found) return null;
  return rows.map((r) => ({ k1: r.k1, k2: r.k2, before: Number(r.before) }));
}

/** Where a list's fences come from: computeFences, or a cache of its answers. */
export type FencesOf = (sort: FencedSort) => Promise<Fence[] | null>;

/** One key per filter + order: every page of it shares its fences. */
export function fencesKey(params: ProviderListQuery, sort: FencedSort): string {
  return listQueryKey({ ...params, sort, page: 0, limit: 0 });
}

/**
 * The rows of one list page: deep pages of the fenced orders seek from the nearest fence; the first
 * pages, relevance order, sorted matches (few of them) and unfenceable lists read as before.
 */
export async function listPageRows(
  db: Db,
  params: ProviderListQuery,
  fencesOf: FencesOf = (sort) => computeFences(db, params, sort),
  sortMatches = false,
) {
  const offset = (params.page - 1) * params.limit;
  const sort = params.sort ?? "featured";
  if (offset < FENCE_EVERY || sort === "relevance" || sortMatches) return listRowsQuery(db, params, undefined, sortMatches);
  const fences = await fencesOf(sort);
  let fence: Fence | undefined;
  for (const f of fences ?? []) if (f.before <= offset) fence = f;
  if (!fence || fence.before === 0) return listRowsQuery(db, params);
  return listRowsQuery(db, params, seekFrom(sort, fence));
}

/** A deep page's start at a fence (exported for the benchmark's EXPLAIN). */
export function seekFrom(sort: FencedSort, fence: Fence): PageSeek {
  return { from: ORDERS[sort].seek(fence), skipped: fence.before };
}
