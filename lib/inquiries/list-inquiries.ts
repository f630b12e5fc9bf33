import { and, count, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { DeliveredInquiryStatus } from "@/db/enums";
import { inquiries, providers } from "@/db/schema";
import { invitationsOf } from "./inquiry-invitations";
import type { InquiryView } from "./schemas";
import { serializeInquiry } from "./serialize";

export interface InquiryPage {
  data: InquiryView[];
  total: number;
  page: number;
  limit: number;
}

/**
 * One provider's delivered inquiries, newest first, optionally of one status (the API and the studio).
 * The order is the indexes' own, NULLS LAST included (a plain DESC means NULLS FIRST, which no index
 * here serves): the planner reads a page in index order, sorting only ties on id (docs/decisions/inquiries.md).
 * `exceptSpam` leaves SPAM out when no status is asked for: the studio's "All" tab (spam has its own
 * tab); the API's unfiltered list is every delivered inquiry, as the spec says.
 */
export async function listInquiries(
  db: Db,
  params: { providerId: string; status?: DeliveredInquiryStatus; exceptSpam?: boolean; page: number; limit: number },
): Promise<InquiryPage> {
  const where = and(
    eq(inquiries.providerId, params.providerId),
    isNotNull(inquiries.deliveredAt),
    params.status ? eq(inquiries.status, params.status) : params.exceptSpam ? ne(inquiries.status, "SPAM") : undefined,
  );
  const [rows, [totals], [provider]] = await Promise.all([
    db
      .select()
      .from(inquiries)
      .where(where)
      .orderBy(sql`${inquiries.deliveredAt} desc nulls last`, desc(inquiries.id))
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ n: count() }).from(inquiries).where(where),
    db.select({ slug: providers.slug }).from(providers).where(eq(providers.id, params.providerId)),
  ]);
  const slug = provider?.slug ?? "";
  const invitations = await invitationsOf(db, rows.map((row) => row.id));
  const now = new Date();
  return {
    data: rows.map((row) => serializeInquiry(row, slug, invitations.get(row.id) ?? null, now)),
    total: totals?.n ?? 0,
    page: params.page,
    limit: params.limit,
  };
}
