import type { Db } from "@/db/client";
import type { ProviderListQuery } from "./list-query-schema";
import { queryListPage, type ListPageSources } from "./list-page-query";
import type { ProviderSummary } from "@/lib/providers/serialize";
import type { PageRanking } from "./list-rank-explanations";

/** A page; with `explain=true` (sort=recommended) also why each provider is where it is. */
export type ProviderPage = {
  data: ProviderSummary[];
  total: number;
  page: number;
  limit: number;
} & Partial<PageRanking>;

export type { ProviderCard } from "./card-columns";

// The public listing's answers are cached in lib/listing-cache/ (cached-listing.ts): callers read
// them there; this file is the queries.

// ---- The queries live in list-query-sql.ts and list-page-query.ts. One query (and one total)
// serves the API and the directory page, so both list exactly the same providers.

/** One page of listed providers and the exact total; `sources` lends it a cache's totals and fences. */
export function queryListedProviders(db: Db, params: ProviderListQuery, sources?: ListPageSources) {
  return queryListPage(db, params, sources);
}
