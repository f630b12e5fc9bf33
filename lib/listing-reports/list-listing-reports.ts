import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ListingReportStatus } from "@/db/enums";
import { listingReports } from "@/db/schema-freshness";
import type { ListingReportView } from "./schemas";
import { serializeListingReport } from "./serialize";

export interface ListingReportPage {
  data: ListingReportView[];
  total: number;
  page: number;
  limit: number;
}

/** One provider's reports of one status, newest first (the API and the studio's tabs), in index order. */
export async function listListingReports(
  db: Db,
  params: { providerId: string; status: ListingReportStatus; page: number; limit: number },
): Promise<ListingReportPage> {
  const where = and(eq(listingReports.providerId, params.providerId), eq(listingReports.status, params.status));
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(listingReports)
      .where(where)
      .orderBy(desc(listingReports.createdAt), desc(listingReports.id))
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ n: count() }).from(listingReports).where(where),
  ]);
  return { data: rows.map(serializeListingReport), total: totals?.n ?? 0, page: params.page, limit: params.limit };
}
