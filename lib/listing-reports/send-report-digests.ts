import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { listingReports } from "@/db/schema-freshness";
import { env } from "@/lib/config/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { reportsDigestEmail } from "./emails";
import { listReportRecipients } from "./report-recipients";
import { DIGEST_INTERVAL_HOURS, DIGEST_LISTED_MAX } from "./report-rules";

/** A time as a SQL value: postgres.js binds text, not Date, in a raw statement. */
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Providers one sweep handles at most; the rest wait for the next. */
const PROVIDERS_PER_SWEEP = 200;

/**
 * The daily digest: for each provider with OPEN reports no digest has listed yet, and no digest in the
 * last DIGEST_INTERVAL_HOURS, one LISTING_REPORTS_DIGEST to each OWNER and ADMIN, and those reports
 * marked digested. Each provider is handled under a transaction-scoped advisory lock taken with
 * try (a second sweep at the same moment skips it), and the last digest's time is read after the lock
 * is held, so two sweeps never send a provider two digests. `now` stands for the clock everywhere.
 */
export async function sendReportDigests(db: Db, params: { now: Date }): Promise<{ providers: number; reports: number; emails: number }> {
  const { now } = params;
  const waiting = await executeRows<{ provider_id: string }>(db, sql`
    select distinct provider_id from listing_reports
    where digested_at is null and status = 'OPEN' and created_at <= ${at(now)}
    order by provider_id
    limit ${PROVIDERS_PER_SWEEP}`);
  const totals = { providers: 0, reports: 0, emails: 0 };
  for (const { provider_id: providerId } of waiting) {
    const sent = await db.transaction(async (tx) => {
      const [lock] = await executeRows<{ got: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`listing-report-digest\n${providerId}`}, 0)) as got`,
      );
      if (!lock?.got) return null;
      const [last] = await executeRows<{ recent: boolean }>(tx, sql`
        select coalesce(max(digested_at) > ${at(now)} - make_interval(hours => ${DIGEST_INTERVAL_HOURS}), false) as recent
        from listing_reports where provider_id = ${providerId}`);
      if (last?.recent) return null;
      const reports = await tx
        .select({ id: listingReports.id, category: listingReports.category, fields: listingReports.fields, note: listingReports.note })
        .from(listingReports)
        .where(
          and(
            eq(listingReports.providerId, providerId),
            isNull(listingReports.digestedAt),
            eq(listingReports.status, "OPEN"),
            lte(listingReports.createdAt, now),
          ),
        )
        .orderBy(asc(listingReports.createdAt), asc(listingReports.id));
      if (reports.length === 0) return null;
      const recipients = await listReportRecipients(tx, { providerId });
      const message = reportsDigestEmail({
        reportsUrl: `${env().APP_URL}/studio/reports`,
        reports: reports.slice(0, DIGEST_LISTED_MAX),
        total: reports.length,
      });
      for (const to of recipients) await enqueueEmail(tx, { kind: "LISTING_REPORTS_DIGEST", to, message });
      await tx
        .update(listingReports)
        .set({ digestedAt: now })
        .where(inArray(listingReports.id, reports.map((r) => r.id)));
      return { reports: reports.length, emails: recipients.length };
    });
    if (!sent) continue;
    totals.providers += 1;
    totals.reports += sent.reports;
    totals.emails += sent.emails;
  }
  return totals;
}
