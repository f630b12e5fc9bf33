import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { listingReports } from "@/db/schema-freshness";
import { env } from "@/lib/config/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { reportOutcomeEmail, type ReportOutcome } from "./emails";

/**
 * Tells the reporters of these (just resolved or dismissed) reports who left an email how they were
 * handled: one LISTING_REPORT_OUTCOME per address, once for good. `outcome_emailed_at` is set by the
 * same statement that picks the rows, so a report is never announced twice, whoever closes it again.
 * Call in the transaction that closed them. Returns the emails queued.
 */
export async function queueReportOutcomes(
  tx: Db,
  params: { providerId: string; reportIds: string[]; outcome: ReportOutcome; now: Date },
): Promise<number> {
  if (params.reportIds.length === 0) return 0;
  const told = await tx
    .update(listingReports)
    .set({ outcomeEmailedAt: params.now })
    .where(
      and(
        inArray(listingReports.id, params.reportIds),
        eq(listingReports.providerId, params.providerId),
        isNotNull(listingReports.reporterEmail),
        isNull(listingReports.outcomeEmailedAt),
      ),
    )
    .returning({ email: listingReports.reporterEmail });
  const addresses = [...new Set(told.map((r) => r.email!))].sort();
  if (addresses.length === 0) return 0;
  const [provider] = await tx
    .select({ name: providers.name, slug: providers.slug })
    .from(providers)
    .where(eq(providers.id, params.providerId));
  const email = reportOutcomeEmail({
    providerName: provider?.name ?? "the provider",
    profileUrl: `${env().APP_URL}/providers/${encodeURIComponent(provider?.slug ?? "")}`,
    outcome: params.outcome,
  });
  for (const to of addresses) await enqueueEmail(tx, { kind: "LISTING_REPORT_OUTCOME", to, message: email });
  return addresses.length;
}
