// Exact totals, counted once per listing version and filter (issue 14): every page of one filtered
// list or search has the same total, so a crawler walking a list, or visitors paging a search, pay
// for one count per change of the listing instead of one per page. Concurrent callers share one
// count (single flight); a failed count is not kept.
import type { Db } from "@/db/client";
import { listQueryKey, type ProviderListQuery } from "./list-query-schema";
import { listTotalQuery } from "./list-query-sql";

/** Filters whose totals one instance keeps (oldest first out). */
const MAX_COUNTED_LISTS = 2_000;

const totalsByDb = new WeakMap<Db, Map<string, { version: string; total: Promise<number> }>>();

export function listTotal(db: Db, params: ProviderListQuery, version: string): Promise<number> {
  let totals = totalsByDb.get(db);
  if (!totals) totalsByDb.set(db, (totals = new Map()));
  // The order and the page do not change which providers match.
  const key = listQueryKey({ ...params, sort: "featured", page: 0, limit: 0 });
  const known = totals.get(key);
  if (known && known.version === version) return known.total;
  const total = listTotalQuery(db, params).then((rows) => rows[0]?.total ?? 0);
  totals.delete(key);
  totals.set(key, { version, total });
  if (totals.size > MAX_COUNTED_LISTS) totals.delete(totals.keys().next().value!);
  total.catch(() => {
    if (totals.get(key)?.total === total) totals.delete(key);
  });
  return total;
}
