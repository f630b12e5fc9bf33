import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { inquiryReminderEmail } from "@/lib/inquiries/emails";
import { enqueueEmail } from "@/lib/email/outbox";
import { env } from "@/lib/config/env";
import { INQUIRY_REMINDER_AFTER_HOURS } from "./inquiry-fields";
import { listInquiryRecipients } from "./list-inquiry-recipients";
import { refreshResponsiveness } from "./refresh-responsiveness";

/**
 * One sweep: for each provider with inquiries NEW for 24 hours and not yet reminded, one reminder to
 * each accepted OWNER and ADMIN, and the inquiries marked reminded, in one transaction (SKIP LOCKED, so
 * sweeps on several instances never remind twice). The 24 hours count from when the inquiry became
 * NEW: its delivery, or the status change that moved it back to NEW (which clears remindedAt, see
 * changeInquiryStatus), so each stretch as NEW brings at most one reminder, never one at once.
 * It also refreshes the responsiveness of providers whose rows are older than an hour, as the 90-day
 * window moves.
 */
export async function sendInquiryReminders(db: Db, params: { limit?: number } = {}): Promise<{ reminded: number; emails: number }> {
  const limit = params.limit ?? 500;
  return db.transaction(async (tx) => {
    // status_changed_at is when it became NEW; it is never before delivered_at, so the first bound
    // only lets the partial index inquiries_reminder_due_idx narrow the scan.
    const cutoff = sql`now() - make_interval(hours => ${INQUIRY_REMINDER_AFTER_HOURS})`;
    const due = await executeRows<{ id: string; provider_id: string }>(tx, sql`
      select id, provider_id from inquiries
      where status = 'NEW' and reminded_at is null
        and delivered_at < ${cutoff}
        and coalesce(status_changed_at, delivered_at) < ${cutoff}
      order by delivered_at
      limit ${limit}
      for update skip locked`);
    const waiting = new Map<string, number>();
    for (const row of due) waiting.set(row.provider_id, (waiting.get(row.provider_id) ?? 0) + 1);
    let emails = 0;
    for (const [providerId, count] of waiting) {
      const recipients = await listInquiryRecipients(tx, { providerId });
      const message = inquiryReminderEmail({ inboxUrl: `${env().APP_URL}/studio/inquiries?status=NEW`, waiting: count });
      for (const to of recipients) {
        await enqueueEmail(tx, { kind: "INQUIRY_REMINDER", to, message });
        emails += 1;
      }
    }
    if (due.length > 0) {
      await tx.execute(sql`update inquiries set reminded_at = now() where id in (${sql.join(
        due.map((d) => sql`${d.id}::uuid`),
        sql`, `,
      )})`);
    }
    const stale = await executeRows<{ provider_id: string }>(tx, sql`
      select provider_id from provider_responsiveness
      where computed_at < now() - interval '1 hour'
        and sample > 0
      order by computed_at limit 100`);
    for (const row of stale) await refreshResponsiveness(tx, { providerId: row.provider_id });
    return { reminded: due.length, emails };
  });
}
