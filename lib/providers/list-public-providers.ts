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

/** Approved, published providers: featured first, then newest publishedAt, then slug (stable across pages). */
export async function listPublicProviders(db: Db, params: ProviderListQuery): Promise<ProviderPage> {
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
      })
      .from(providers)
      .where(where)
      .orderBy(desc(providers.featured), sql`${providers.publishedAt} desc nulls last`, asc(providers.slug))
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ total: count() }).from(providers).where(where),
  ]);

  return {
    data: rows.map(toProviderSummary),
    total: totals[0]?.total ?? 0,
    page: params.page,
    limit: params.limit,
  };
}
