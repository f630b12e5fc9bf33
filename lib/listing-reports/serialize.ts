import type { listingReports } from "@/db/schema-freshness";
import type { ListingReportView } from "./schemas";

type ReportRow = typeof listingReports.$inferSelect;

/** A report as its provider sees it: the reporter's key and email are left out, always. */
export function serializeListingReport(row: ReportRow): ListingReportView {
  return {
    id: row.id,
    category: row.category,
    fields: row.fields,
    note: row.note,
    status: row.status,
    resolution: row.resolution,
    resolutionNote: row.resolutionNote,
    system: row.system,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
  };
}
