import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { listingReportEscalations, listingReports } from "@/db/schema-freshness";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { queueReportOutcomes } from "./queue-report-outcomes";

/**
 * A platform admin's "dismiss cluster": the provider's open escalation stops (closed as DISMISSED, so
 * its deadline hides nothing) and every OPEN report of the provider is DISMISSED; their reporters who
 * left an email are told once. Audited as listing_report.cluster_dismissed. 404 when there is nothing
 * open to dismiss.
 */
export async function dismissReportCluster(
  db: Db,
  params: { providerId: string; caller: Caller; now?: Date },
): Promise<{ reports: number; escalationClosed: boolean }> {
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(listingReportEscalations)
      .set({ closedAt: now, closedReason: "DISMISSED", closedByUserId: params.caller.userId })
      .where(and(eq(listingReportEscalations.providerId, params.providerId), isNull(listingReportEscalations.closedAt)))
      .returning({ id: listingReportEscalations.id });
    const dismissed = await tx
      .update(listingReports)
      .set({ status: "DISMISSED", resolvedAt: now, resolvedByUserId: params.caller.userId })
      .where(and(eq(listingReports.providerId, params.providerId), eq(listingReports.status, "OPEN")))
      .returning({ id: listingReports.id });
    if (closed.length === 0 && dismissed.length === 0) {
      throw new AppError("NOT_FOUND", "This provider has no open reports or escalation.");
    }
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "listing_report.cluster_dismissed",
      targetType: "provider",
      targetId: params.providerId,
      metadata: { reports: dismissed.length, escalationClosed: closed.length > 0 },
    });
    await queueReportOutcomes(tx, {
      providerId: params.providerId,
      reportIds: dismissed.map((r) => r.id),
      outcome: "DISMISSED",
      now,
    });
    return { reports: dismissed.length, escalationClosed: closed.length > 0 };
  });
}
