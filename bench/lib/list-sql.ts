// The API's list queries as SQL text and parameters, built by the app's own query builders, for
// tools that run them outside the app (the bare server and EXPLAIN).
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "@/db/schema";
import type { Db } from "@/db/client";
import { listRowsQuery, listTotalQuery } from "@/lib/providers/list-public-providers";
import type { ProviderListQuery } from "@/lib/providers/schemas";

// A client that never connects: drizzle needs one to build queries, toSQL() sends nothing.
const offline = drizzle(postgres("postgres://offline.invalid/none", { max: 1 }), { schema }) as unknown as Db;

export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

export function listSql(params: ProviderListQuery): { rows: BuiltQuery; total: BuiltQuery } {
  return { rows: listRowsQuery(offline, params).toSQL(), total: listTotalQuery(offline, params).toSQL() };
}

export const LIST_VARIANTS: { label: string; params: ProviderListQuery }[] = [
  { label: "no filter", params: { page: 1, limit: 20, q: undefined } },
  { label: "specialty=DESIGN", params: { specialty: "DESIGN", page: 1, limit: 20, q: undefined } },
  { label: "featured=true", params: { featured: true, page: 1, limit: 20, q: undefined } },
  { label: "specialty=DESIGN&featured=true", params: { specialty: "DESIGN", featured: true, page: 1, limit: 20, q: undefined } },
  { label: "limit=100", params: { page: 1, limit: 100, q: undefined } },
  { label: "q=cloud", params: { q: "cloud", page: 1, limit: 20 } },
  { label: "page=500", params: { page: 500, limit: 20, q: undefined } },
];
