// One list page: its rows and its exact total, planned by what the total says (issue 14).
import type { Db } from "@/db/client";
import type { ProviderListQuery } from "./list-query-schema";
import { countListed } from "./list-totals";
import { computeFences, listPageRows, type FencesOf } from "./page-fences";

/**
 * Searches with at most this many matches sort their matches; more walk an order index. Sorting
 * 5 000 rows takes a few milliseconds; walking the index costs about limit / (share of matches) rows.
 */
export const SORT_MATCHES_UP_TO = 5_000;

/**
 * Where a page's total and fences come from: counted and walked for this page by default; the
 * listing cache (lib/listing-cache/cached-listing.ts) passes its kept ones, shared by every page of a filter.
 */
export interface ListPageSources {
  total(): Promise<number>;
  fences: FencesOf;
}

export async function queryListPage(db: Db, params: ProviderListQuery, sources?: ListPageSources) {
  const total = sources ? sources.total() : countListed(db, params);
  const fencesOf = sources?.fences ?? ((sort) => computeFences(db, params, sort));
  // A search's rows wait for its count, which says how to read them.
  const sortMatches = params.q !== undefined && params.sort !== "relevance" && (await total) <= SORT_MATCHES_UP_TO;
  const [rows, count] = await Promise.all([listPageRows(db, params, fencesOf, sortMatches), total]);
  return { data: rows, total: count, page: params.page, limit: params.limit };
}
