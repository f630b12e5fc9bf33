import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import type { EmailKind, FreshnessStage } from "@/db/enums";
import { listingConfirmTokens } from "@/db/schema-freshness";
import { env } from "@/lib/config/env";
import { enqueueEmails } from "@/lib/email/outbox";
import type { EmailMessage } from "@/lib/email/layout";
import { confirmLinkUrl, newConfirmToken } from "./confirm-token";
import { confirmReminderEmail, listingHiddenEmail, listingStaleEmail, type FreshnessEmailParams } from "./emails";
import {
  CONFIRM_REMINDER_DAYS,
  HIDE_AFTER_DAYS,
  SECOND_REMINDER_DAYS,
  STALE_AFTER_DAYS,
  hideAt,
  staleAt,
} from "./freshness-fields";
import { listManagerEmails } from "@/lib/provider-core/list-manager-emails";
import { hideStaleListings } from "./hide-stale-listing";

/** Providers handled per sweep; the rest wait for the next one (hourly), oldest confirmation first. */
const DEFAULT_BATCH = 500;

export interface FreshnessSweepCounts extends Record<string, number> {
  reminded150: number;
  reminded173: number;
  stale: number;
  hidden: number;
  emails: number;
}

const EMAIL_OF_STAGE: Record<FreshnessStage, EmailKind> = {
  REMINDER_150: "LISTING_CONFIRM_REMINDER",
  REMINDER_173: "LISTING_CONFIRM_REMINDER",
  STALE_180: "LISTING_STALE",
  HIDDEN_210: "LISTING_HIDDEN",
};

function emailFor(stage: FreshnessStage, params: FreshnessEmailParams): EmailMessage {
  if (stage === "STALE_180") return listingStaleEmail(params);
  if (stage === "HIDDEN_210") return listingHiddenEmail(params);
  return confirmReminderEmail({ ...params, second: stage === "REMINDER_173" });
}

/**
 * The freshness clock (extensions §6), one sweep at `now`: each published listing of an approved
 * provider whose details were confirmed 150, 173, 180 or 210 days ago gets the email of the stage now
 * due, to its OWNERs and ADMINs, each with its own one-time confirm link; at 210 days the listing is
 * hidden (hideStaleListings). The public label needs no sweep: it follows from `confirmed_at`.
 *
 * Exactly once: the stage's notice row (keyed by the confirmation it counts from) is inserted with
 * ON CONFLICT DO NOTHING before anything is queued, so of two sweeps at once only the one whose insert
 * went in sends; a new confirmation starts a new series. A sweep that missed days sends only the
 * stage now due, not the ones it slept through. Everything runs in one transaction in a few
 * statements per batch, whatever the number of providers; the candidates come from the partial
 * index providers_listed_confirmed_idx (listed providers by confirmed_at), so providers far from any
 * boundary cost nothing.
 */
export async function runFreshnessSweep(db: Db, params: { now: Date; limit?: number }): Promise<FreshnessSweepCounts> {
  const now = params.now;
  const limit = params.limit ?? DEFAULT_BATCH;
  const before = (days: number) => sql`${now.toISOString()}::timestamptz - make_interval(days => ${days})`;
  return db.transaction(async (tx) => {
    const notices = await executeRows<{ provider_id: string; stage: FreshnessStage; confirmed_at: string | Date; name: string }>(
      tx,
      sql`
        with due as (
          select p.id, p.confirmed_at,
            case
              when p.confirmed_at <= ${before(HIDE_AFTER_DAYS)} then 'HIDDEN_210'
              when p.confirmed_at <= ${before(STALE_AFTER_DAYS)} then 'STALE_180'
              when p.confirmed_at <= ${before(SECOND_REMINDER_DAYS)} then 'REMINDER_173'
              else 'REMINDER_150'
            end as stage
          from providers p
          where p.approval_status = 'APPROVED' and p.public_profile
            and p.confirmed_at <= ${before(CONFIRM_REMINDER_DAYS)}
        ), sent as (
          insert into provider_freshness_notices (provider_id, stage, confirmed_at, sent_at)
          select due.id, due.stage, due.confirmed_at, ${now.toISOString()}::timestamptz from due
          where not exists (
            select 1 from provider_freshness_notices n
            where n.provider_id = due.id and n.stage = due.stage and n.confirmed_at = due.confirmed_at)
          order by due.confirmed_at
          limit ${limit}
          on conflict do nothing
          returning provider_id, stage, confirmed_at
        )
        select sent.provider_id, sent.stage, sent.confirmed_at, p.name
        from sent join providers p on p.id = sent.provider_id`,
    );
    const counts: FreshnessSweepCounts = { reminded150: 0, reminded173: 0, stale: 0, hidden: 0, emails: 0 };
    if (notices.length === 0) return counts;

    // Hidden only if still due under the row lock: a confirmation that committed meanwhile wins.
    const toHide = notices.filter((n) => n.stage === "HIDDEN_210").map((n) => n.provider_id);
    const hidden = new Set(
      await hideStaleListings(tx, { providerIds: toHide, now, confirmedBefore: new Date(now.getTime() - HIDE_AFTER_DAYS * 86_400_000) }),
    );
    const sending = notices.filter((n) => n.stage !== "HIDDEN_210" || hidden.has(n.provider_id));

    const recipients = await listManagerEmails(tx, { providerIds: sending.map((n) => n.provider_id) });
    const appUrl = env().APP_URL;
    const tokens: (typeof listingConfirmTokens.$inferInsert)[] = [];
    const emails: Parameters<typeof enqueueEmails>[1] = [];
    for (const notice of sending) {
      const confirmedAt = new Date(notice.confirmed_at);
      for (const to of recipients.get(notice.provider_id) ?? []) {
        const token = newConfirmToken(now);
        tokens.push({ tokenHash: token.hash, providerId: notice.provider_id, expiresAt: token.expiresAt, createdAt: now });
        const message = emailFor(notice.stage, {
          providerName: notice.name,
          confirmUrl: confirmLinkUrl(appUrl, token.token),
          studioUrl: `${appUrl}/studio/listing`,
          confirmedAt,
          staleAt: staleAt(confirmedAt),
          hideAt: hideAt(confirmedAt),
        });
        emails.push({ kind: EMAIL_OF_STAGE[notice.stage], to, message });
      }
      if (notice.stage === "REMINDER_150") counts.reminded150 += 1;
      else if (notice.stage === "REMINDER_173") counts.reminded173 += 1;
      else if (notice.stage === "STALE_180") counts.stale += 1;
    }
    counts.hidden = hidden.size;
    if (tokens.length > 0) await tx.insert(listingConfirmTokens).values(tokens);
    counts.emails = await enqueueEmails(tx, emails);
    return counts;
  });
}
