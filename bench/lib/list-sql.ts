// The API's list queries as SQL text and parameters, built by the app's own query builders, for
// tools that run them outside the app (the bare server and EXPLAIN).
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "@/db/schema";
import type { Db } from "@/db/client";
import { listRowsQuery, listTotalQuery, type PageSeek } from "@/lib/public-listing/list-query-sql";
import { FENCE_EVERY } from "@/lib/public-listing/page-fences";
import type { ProviderListQuery } from "@/lib/public-listing/list-query-schema";

// A client that never connects: drizzle needs one to build queries, toSQL() sends nothing.
const offline = drizzle(postgres("postgres://offline.invalid/none", { max: 1 }), { schema }) as unknown as Db;

export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

export function listSql(params: ProviderListQuery, seek?: PageSeek, sortMatches = false): { rows: BuiltQuery; total: BuiltQuery } {
  return { rows: listRowsQuery(offline, params, seek, sortMatches).toSQL(), total: listTotalQuery(offline, params).toSQL() };
}

/** sortMatches: read as the app reads a search with few matches (lib/public-listing/list-page-query.ts). */
export const LIST_VARIANTS: { label: string; params: ProviderListQuery; sortMatches?: boolean }[] = [
  { label: "no filter", params: { page: 1, limit: 20, q: undefined } },
  { label: "specialty=DESIGN", params: { specialty: "DESIGN", page: 1, limit: 20, q: undefined } },
  { label: "featured=true", params: { featured: true, page: 1, limit: 20, q: undefined } },
  { label: "specialty=DESIGN&featured=true", params: { specialty: "DESIGN", featured: true, page: 1, limit: 20, q: undefined } },
  { label: "limit=100", params: { page: 1, limit: 100, q: undefined } },
  { label: "q=cloud", params: { q: "cloud", page: 1, limit: 20 } },
  { label: "page=500", params: { page: 500, limit: 20, q: undefined } },
  // Discovery and search (issues 14 and 15).
  { label: "q=desi (a typed prefix)", params: { q: "desi", page: 1, limit: 20 } },
  { label: "q=48213 (long tail, few matches: sorted)", params: { q: "48213", page: 1, limit: 20 }, sortMatches: true },
  { label: "q=design&sort=relevance", params: { q: "design", sort: "relevance", page: 1, limit: 20 } },
  { label: "sort=newest", params: { sort: "newest", page: 1, limit: 20, q: undefined } },
  { label: "sort=name", params: { sort: "name", page: 1, limit: 20, q: undefined } },
  { label: "country=DE", params: { country: "DE", page: 1, limit: 20, q: undefined } },
  { label: "language=de", params: { language: "de", page: 1, limit: 20, q: undefined } },
  {
    label: "country=DE&language=en&budget=10000&teamSize=2-9,10-49&acceptingClients=true",
    params: { country: "DE", language: "en", budget: 10_000, teamSize: ["10-49", "2-9"], acceptingClients: true, page: 1, limit: 20, q: undefined },
  },
];

/** Deep pages as the app reads them: the same page from its nearest fence (lib/public-listing/page-fences.ts). */
/** The nearest fence at or before an offset, as the app keeps them. */
const fenceBefore = (offset: number) => Math.floor(offset / FENCE_EVERY) * FENCE_EVERY;
const group = (n: number) => n.toLocaleString("en").replace(/,/g, " ");

export const DEEP_PAGE_VARIANTS: { label: string; params: ProviderListQuery; fenceSql: string }[] = [
  {
    label: `page=3000 (offset 59 980), from the fence at ${group(fenceBefore(59_980))}`,
    params: { page: 3000, limit: 20, q: undefined },
    fenceSql: `select featured as k1, published_at::text as k2 from providers where approval_status = 'APPROVED' and public_profile
               order by featured desc nulls last, published_at desc nulls last, slug offset ${fenceBefore(59_980)} limit 1`,
  },
  {
    label: `specialty=DESIGN&page=1500 (offset 29 980), from the fence at ${group(fenceBefore(29_980))}`,
    params: { specialty: "DESIGN", page: 1500, limit: 20, q: undefined },
    fenceSql: `select featured as k1, published_at::text as k2 from providers where approval_status = 'APPROVED' and public_profile
               and specialties @> array['DESIGN']::specialty[]
               order by featured desc nulls last, published_at desc nulls last, slug offset ${fenceBefore(29_980)} limit 1`,
  },
];
