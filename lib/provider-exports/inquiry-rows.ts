import { and, asc, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { DeliveredInquiryStatus } from "@/db/enums";
import { inquiries, type Inquiry } from "@/db/schema";
import type { TableRow } from "./csv";

// The inquiries file of the archive and the synchronous inquiries CSV: the same columns, built here once.

export const INQUIRY_COLUMNS = [
  "id",
  "status",
  "senderName",
  "senderEmail",
  "senderCompany",
  "budget",
  "timeline",
  "message",
  "createdAt",
  "deliveredAt",
  "firstResponseAt",
  "engagedAt",
  "erased",
  "erasedAt",
] as const;

/** One delivered inquiry; an erased one keeps its status and dates, its sender's texts are gone. */
export function inquiryRow(row: Inquiry): TableRow {
  const erased = row.erasedAt !== null;
  return {
    id: row.id,
    status: row.status,
    senderName: erased ? null : row.senderName,
    senderEmail: erased ? null : row.senderEmail,
    senderCompany: erased ? null : row.senderCompany,
    budget: row.budget,
    timeline: row.timeline,
    message: erased ? "erased at the sender's request" : row.message,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
    engagedAt: row.engagedAt?.toISOString() ?? null,
    erased,
    erasedAt: row.erasedAt?.toISOString() ?? null,
  };
}

const delivered = (providerId: string, status?: DeliveredInquiryStatus) =>
  and(eq(inquiries.providerId, providerId), isNotNull(inquiries.deliveredAt), status ? eq(inquiries.status, status) : undefined);

/**
 * Delivered inquiries newest first, at most `limit` (the synchronous CSV reads one more than it may
 * answer, to know it is too many).
 */
export async function newestDeliveredInquiries(
  db: Db,
  params: { providerId: string; status?: DeliveredInquiryStatus; limit: number },
): Promise<Inquiry[]> {
  return db
    .select()
    .from(inquiries)
    .where(delivered(params.providerId, params.status))
    .orderBy(sql`${inquiries.deliveredAt} desc nulls last`, desc(inquiries.id))
    .limit(params.limit);
}

/**
 * Every delivered inquiry of the provider (the archive), read in pages keyed on id, so a long export
 * never holds one huge result or re-reads what it passed.
 */
export async function allDeliveredInquiryRows(db: Db, params: { providerId: string; pageSize?: number }): Promise<TableRow[]> {
  const out: TableRow[] = [];
  const limit = params.pageSize ?? 1000;
  let after: string | undefined;
  for (;;) {
    const page = await db
      .select()
      .from(inquiries)
      .where(and(delivered(params.providerId), after ? gt(inquiries.id, after) : undefined))
      .orderBy(asc(inquiries.id))
      .limit(limit);
    out.push(...page.map(inquiryRow));
    const last = page.at(-1);
    if (page.length < limit || !last) return out;
    after = last.id;
  }
}
