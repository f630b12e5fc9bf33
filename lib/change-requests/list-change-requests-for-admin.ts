import { aliasedTable, asc, count, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ChangeRequestField, ChangeRequestStatus } from "@/db/enums";
import { providerChangeRequests, providers, users } from "@/db/schema";

export interface AdminChangeRequest {
  id: string;
  field: ChangeRequestField;
  currentValue: string;
  requestedValue: string;
  status: ChangeRequestStatus;
  createdAt: Date;
  decidedAt: Date | null;
  decisionNote: string | null;
  provider: { id: string; slug: string; name: string };
  requestedBy: string | null;
  decidedBy: string | null;
}

export const ADMIN_CHANGE_REQUEST_PAGE = 25;

/**
 * Name and slug change requests across providers for review. Pending ones oldest first (a queue);
 * any other view newest first (history).
 */
export async function listChangeRequestsForAdmin(
  db: Db,
  params: { status?: ChangeRequestStatus; page?: number; limit?: number } = {},
): Promise<{ data: AdminChangeRequest[]; total: number }> {
  const limit = Math.min(Math.max(1, params.limit ?? ADMIN_CHANGE_REQUEST_PAGE), 100);
  const page = Math.max(1, params.page ?? 1);
  const r = providerChangeRequests;
  const requester = aliasedTable(users, "requester");
  const decider = aliasedTable(users, "decider");
  const where = params.status ? eq(r.status, params.status) : undefined;
  const order = params.status === "PENDING" ? [asc(r.createdAt), asc(r.id)] : [desc(r.createdAt), desc(r.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: r.id,
        field: r.field,
        currentValue: r.currentValue,
        requestedValue: r.requestedValue,
        status: r.status,
        createdAt: r.createdAt,
        decidedAt: r.decidedAt,
        decisionNote: r.decisionNote,
        provider: { id: providers.id, slug: providers.slug, name: providers.name },
        requestedBy: requester.email,
        decidedBy: decider.email,
      })
      .from(r)
      .innerJoin(providers, eq(providers.id, r.providerId))
      .leftJoin(requester, eq(requester.id, r.requestedByUserId))
      .leftJoin(decider, eq(decider.id, r.decidedByUserId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(r).where(where),
  ]);
  return { data: rows, total: totalRow?.total ?? 0 };
}
