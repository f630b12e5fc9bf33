import { and, eq, isNull, sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { listingReportEscalations } from "@/db/schema-freshness";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { env } from "@/lib/config/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { confirmRequestEmail } from "./emails";
import { listingConfirmTokens } from "@/db/schema-freshness";
import { confirmLinkUrl, newConfirmToken } from "@/lib/freshness/confirm-token";
import { hideStaleListings } from "@/lib/freshness/hide-stale-listing";
import { listReportRecipients } from "./report-recipients";
import {
  ESCALATING_CATEGORIES,
  ESCALATION_DEADLINE_DAYS,
  ESCALATION_DISTINCT_REPORTERS,
  ESCALATION_WINDOW_DAYS,
} from "./report-rules";

/** A time as a SQL value: postgres.js binds text, not Date, in a raw statement. */
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const BATCH = 200;
const ESCALATION_ACTOR: Actor = { type: "SYSTEM", id: null, label: "registry (reports of outdated information)" };

/**
 * The escalation sweep (extensions §6), three steps, each safe when two sweeps run at once:
 * 1. an open escalation whose provider confirmed its listing since it was requested closes as CONFIRMED;
 * 2. one whose deadline passed unanswered hides the listing as STALE and closes as HIDDEN (rows taken
 *    FOR UPDATE SKIP LOCKED, so each is handled once);
 * 3. a listed provider with ESCALATION_DISTINCT_REPORTERS distinct reporters of OUT_OF_BUSINESS or
 *    CONTACT_FAILS in ESCALATION_WINDOW_DAYS gets an escalation and its OWNERs and ADMINs the
 *    LISTING_CONFIRM_REQUEST email with the deadline. Only reports made after the listing's last
 *    confirmation and after its last escalation closed count, and none dismissed; the unique index on
 *    open escalations lets one sweep open it, and only the one that inserted sends the emails.
 */
export async function escalateReports(
  db: Db,
  params: { now: Date },
): Promise<{ confirmed: number; hidden: number; escalated: number; emails: number }> {
  const { now } = params;
  const confirmed = await executeRows<{ id: string }>(db, sql`
    update listing_report_escalations e set closed_at = ${at(now)}, closed_reason = 'CONFIRMED'
    from providers p
    where p.id = e.provider_id and e.closed_at is null and p.confirmed_at >= e.requested_at
    returning e.id`);

  let hidden = 0;
  const due = await executeRows<{ id: string; provider_id: string; requested_at: string | Date }>(db, sql`
    select id, provider_id, requested_at from listing_report_escalations
    where closed_at is null and deadline_at <= ${at(now)}
    order by deadline_at limit ${BATCH}`);
  for (const row of due) {
    const closed = await db.transaction(async (tx) => {
      const [open] = await executeRows<{ id: string }>(tx, sql`
        select id from listing_report_escalations where id = ${row.id} and closed_at is null for update skip locked`);
      if (!open) return false;
      // A confirmation since the request (committed while this ran) keeps the listing up.
      const hid = await hideStaleListings(tx, {
        providerIds: [row.provider_id],
        now,
        reason: "report escalation",
        actor: ESCALATION_ACTOR,
        confirmedBefore: new Date(row.requested_at),
      });
      await tx
        .update(listingReportEscalations)
        .set({ closedAt: now, closedReason: "HIDDEN" })
        .where(and(eq(listingReportEscalations.id, row.id), isNull(listingReportEscalations.closedAt)));
      await recordAuditEvent(tx, {
        actor: ESCALATION_ACTOR,
        providerId: row.provider_id,
        action: "listing_report.escalation_expired",
        targetType: "listing_report_escalation",
        targetId: row.id,
        metadata: { hidden: hid.length > 0 },
      });
      return true;
    });
    if (closed) hidden += 1;
  }

  const categories = sql.join(ESCALATING_CATEGORIES.map((c) => sql`${c}`), sql`, `);
  const candidates = await executeRows<{ provider_id: string; reporters: number }>(db, sql`
    select r.provider_id, count(distinct r.reporter_key)::int as reporters
    from listing_reports r
    join providers p on p.id = r.provider_id
    where r.category in (${categories})
      and r.status <> 'DISMISSED'
      and r.reporter_key is not null
      and r.created_at <= ${at(now)}
      and r.created_at > ${at(now)} - make_interval(days => ${ESCALATION_WINDOW_DAYS})
      and r.created_at > p.confirmed_at
      and p.approval_status = 'APPROVED' and p.public_profile
      and not exists (
        select 1 from listing_report_escalations e
        where e.provider_id = r.provider_id and (e.closed_at is null or e.closed_at >= r.created_at)
      )
    group by r.provider_id
    having count(distinct r.reporter_key) >= ${ESCALATION_DISTINCT_REPORTERS}
    order by r.provider_id
    limit ${BATCH}`);
  let escalated = 0;
  let emails = 0;
  const deadline = new Date(now.getTime() + ESCALATION_DEADLINE_DAYS * 86_400_000);
  for (const candidate of candidates) {
    const sent = await db.transaction(async (tx) => {
      const inserted = await executeRows<{ id: string }>(tx, sql`
        insert into listing_report_escalations (provider_id, requested_at, deadline_at)
        values (${candidate.provider_id}, ${at(now)}, ${at(deadline)})
        on conflict (provider_id) where closed_at is null do nothing
        returning id`);
      if (inserted.length === 0) return null;
      const recipients = await listReportRecipients(tx, { providerId: candidate.provider_id });
      // Each recipient's own one-time confirm link (lib/freshness), good past the deadline.
      for (const to of recipients) {
        const token = newConfirmToken(now);
        await tx.insert(listingConfirmTokens).values({ tokenHash: token.hash, providerId: candidate.provider_id, expiresAt: token.expiresAt, createdAt: now });
        const message = confirmRequestEmail({
          confirmUrl: confirmLinkUrl(env().APP_URL, token.token),
          reportsUrl: `${env().APP_URL}/studio/reports`,
          deadline,
          reporters: candidate.reporters,
        });
        await enqueueEmail(tx, { kind: "LISTING_CONFIRM_REQUEST", to, message });
      }
      await recordAuditEvent(tx, {
        actor: ESCALATION_ACTOR,
        providerId: candidate.provider_id,
        action: "listing_report.escalated",
        targetType: "listing_report_escalation",
        targetId: inserted[0]!.id,
        metadata: { reporters: candidate.reporters, deadline: deadline.toISOString() },
      });
      return recipients.length;
    });
    if (sent === null) continue;
    escalated += 1;
    emails += sent;
  }
  return { confirmed: confirmed.length, hidden, escalated, emails };
}
