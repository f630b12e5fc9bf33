import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ListingReportResolution } from "@/db/enums";
import { listingReportEscalations, listingReports } from "@/db/schema-freshness";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { isUuid } from "@/lib/validation/primitives";
import { confirmListing } from "@/lib/freshness/confirm-listing";
import { queueReportOutcomes } from "./queue-report-outcomes";
import type { ListingReportView } from "./schemas";
import { serializeListingReport } from "./serialize";

/**
 * The provider answers an OPEN report (OWNER and ADMIN only): FIXED confirms the listing and closes an
 * open escalation; NOT_AN_ISSUE only closes the report. The reporter, if they left an email, is told
 * once. Another provider's report and an unknown id are 404; a report already closed is 409 CONFLICT.
 * Audited as listing_report.resolved.
 */
export async function resolveListingReport(
  db: Db,
  params: {
    providerId: string;
    reportId: string;
    action: ListingReportResolution;
    note?: string;
    caller: Caller;
    now?: Date;
  },
): Promise<ListingReportView> {
  assertCallerCanWrite(params.caller);
  const notFound = new AppError("NOT_FOUND", "No report with this id.");
  if (!isUuid(params.reportId)) throw notFound;
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(listingReports)
      .where(and(eq(listingReports.id, params.reportId), eq(listingReports.providerId, params.providerId)))
      .for("update")
      .limit(1);
    if (!before) throw notFound;
    if (before.status !== "OPEN") throw new AppError("CONFLICT", "This report is already closed.");
    const [after] = await tx
      .update(listingReports)
      .set({
        status: "RESOLVED",
        resolution: params.action,
        resolutionNote: params.note ?? null,
        resolvedByUserId: params.caller.userId,
        resolvedAt: now,
      })
      .where(eq(listingReports.id, before.id))
      .returning();
    if (params.action === "FIXED") {
      // Closed as FIXED first: confirmListing would close it as CONFIRMED.
      await tx
        .update(listingReportEscalations)
        .set({ closedAt: now, closedReason: "FIXED", closedByUserId: params.caller.userId })
        .where(and(eq(listingReportEscalations.providerId, params.providerId), isNull(listingReportEscalations.closedAt)));
      await confirmListing(tx, { providerId: params.providerId, now, actor: params.caller.actor });
    }
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "listing_report.resolved",
      targetType: "listing_report",
      targetId: before.id,
      metadata: { category: before.category, resolution: params.action },
    });
    await queueReportOutcomes(tx, { providerId: params.providerId, reportIds: [before.id], outcome: params.action, now });
    return serializeListingReport(after!);
  });
}
