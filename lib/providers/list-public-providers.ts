import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { isPubliclyListed } from "./public-visibility";
import type { ProviderListQuery } from "./schemas";
import { toProviderSummary, type ProviderSummary } from "./serialize";

export interface ProviderPage {
  data: ProviderSummary[];
  total: number;
  page: number;
  limit: number;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A directory card: the summary form plus the logo the API's summary leaves out. */
export type ProviderCard = ProviderSummary & { logoUrl: string | null };

/** Approved, published providers: featured first, then newest publishedAt, then slug (stable across pages). */
export async function listPublicProviders(db: Db, params: ProviderListQuery): Promise<ProviderPage> {
  const page = await queryListedProviders(db, params);
  return { ...page, data: page.data.map(toProviderSummary) };
}

/** The same page of providers as listPublicProviders, in the form the directory's cards show. */
export async function listPublicProviderCards(
  db: Db,
  params: ProviderListQuery,
): Promise<Omit<ProviderPage, "data"> & { data: ProviderCard[] }> {
  const page = await queryListedProviders(db, params);
  return { ...page, data: page.data.map((row) => ({ ...toProviderSummary(row), logoUrl: row.logoUrl })) };
}

// One query (and one count) serves the API and the directory page, so both list exactly the same providers.
async function queryListedProviders(db: Db, params: ProviderListQuery) {
  const conditions: SQL[] = [isPubliclyListed];
  if (params.specialty) {
    conditions.push(sql`${providers.specialties} @> array[${params.specialty}]::specialty[]`);
  }
  if (params.featured) conditions.push(eq(providers.featured, true));
  if (params.q) {
    const pattern = `%${escapeLike(params.q)}%`;
    conditions.push(or(ilike(providers.name, pattern), ilike(providers.headline, pattern))!);
  }
  const where = and(...conditions);

  const [rows, totals] = await Promise.all([
    db
      .select({
        slug: providers.slug,
        name: providers.name,
        headline: providers.headline,
        specialties: providers.specialties,
        featured: providers.featured,
        publishedAt: providers.publishedAt,
        logoUrl: providers.logoUrl,
      })
      .from(providers)
      .where(where)
      .orderBy(desc(providers.featured), sql`${providers.publishedAt} desc nulls last`, asc(providers.slug))
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ total: count() }).from(providers).where(where),
  ]);

  return { data: rows, total: totals[0]?.total ?? 0, page: params.page, limit: params.limit };
}
