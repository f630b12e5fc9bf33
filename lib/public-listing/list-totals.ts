// The exact total of a list query, counted (or read from the trigger-kept counts) each time it is
// asked: the listing cache (lib/listing-cache/cached-listing.ts) keeps totals and shares a count
// among concurrent callers. Every page of one filter has the same total, so the cache keys it by
// the filter alone (listTotalKey).
import type { Db } from "@/db/client";
import { listQueryKey, type ProviderListQuery } from "./list-query-schema";
import { listTotalQuery } from "./list-query-sql";

export async function countListed(db: Db, params: ProviderListQuery): Promise<number> {
  const [row] = await listTotalQuery(db, params);
  return row?.total ?? 0;
}

/** One key per distinct total: the order and the page do not change which providers match. */
export function listTotalKey(params: ProviderListQuery): string {
  return listQueryKey({ ...params, sort: "featured", page: 0, limit: 0 });
}
