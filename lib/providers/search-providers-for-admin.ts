import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ApprovalStatus } from "@/db/enums";
import { providers } from "@/db/schema";
import { escapeLike } from "@/db/escape-like";

export interface AdminProviderRow {
  id: string;
  slug: string;
  name: string;
  approvalStatus: ApprovalStatus;
  publicProfile: boolean;
  featured: boolean;
  createdAt: Date;
}

export const ADMIN_PROVIDER_PAGE = 25;

/** Every provider, whatever its state, matching `q` in its name or slug; by name. */
export async function searchProvidersForAdmin(
  db: Db,
  params: { q?: string; status?: ApprovalStatus; page?: number; limit?: number } = {},
): Promise<{ data: AdminProviderRow[]; total: number; page: number; limit: number }> {
  const limit = Math.min(Math.max(1, params.limit ?? ADMIN_PROVIDER_PAGE), 100);
  const page = Math.max(1, params.page ?? 1);
  const conditions: SQL[] = [];
  const q = params.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(or(ilike(providers.name, pattern), ilike(providers.slug, pattern))!);
  }
  if (params.status) conditions.push(eq(providers.approvalStatus, params.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [data, [totalRow]] = await Promise.all([
    db
      .select({
        id: providers.id,
        slug: providers.slug,
        name: providers.name,
        approvalStatus: providers.approvalStatus,
        publicProfile: providers.publicProfile,
        featured: providers.featured,
        createdAt: providers.createdAt,
      })
      .from(providers)
      .where(where)
      .orderBy(asc(providers.name), asc(providers.slug))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(providers).where(where),
  ]);
  return { data, total: totalRow?.total ?? 0, page, limit };
}
