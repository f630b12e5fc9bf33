// One list page: its rows and its exact total, planned by what the total says (issue 14).
import type { Db } from "@/db/client";
import type { ProviderListQuery } from "./list-query-schema";
import { listTotal } from "./list-totals";
import { listPageRows } from "./page-fences";

/**
 * Searches with at most this many matches sort their matches; more walk an order index. Sorting
 * 5 000 rows takes a few milliseconds; walking the index costs about limit / (share of matches) rows.
 */
export const SORT_MATCHES_UP_TO = 5_000;

export async function queryListPage(db: Db, params: ProviderListQuery, version: string) {
  const total = listTotal(db, params, version);
  // A search's rows wait for its count (cached per listing version), which says how to read them.
  const sortMatches = params.q !== undefined && params.sort !== "relevance" && (await total) <= SORT_MATCHES_UP_TO;
  const [rows, count] = await Promise.all([listPageRows(db, params, version, sortMatches), total]);
  return { data: rows, total: count, page: params.page, limit: params.limit };
}
