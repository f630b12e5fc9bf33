import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { RETENTION_DAYS } from "@/lib/config/env";
import { removeAccountsOfExpiredInvitations } from "@/lib/members/remove-unused-invitee-account";
import { purgeExpiredRateLimitHits, PURGE_BATCH_SIZE } from "@/lib/rate-limit/purge-expired-rate-limit-hits";
import { clearOldSenderIps } from "./clear-old-sender-ips";
import { deleteInBatches, type BatchedDelete } from "./delete-in-batches";

/**
 * How long an expired link keeps its own answer before its row goes: an unconfirmed application's or
 * inquiry's verification link answers 410 TOKEN_EXPIRED (with "Send me a new link" for an
 * application) and an expired invitation stays on the team page (Resend) and the invitee's (Decline)
 * for this many days after it expired; then the link is unknown (400 TOKEN_INVALID) and the row gone.
 */
export const EXPIRED_LINK_GRACE_DAYS = 30;

export interface PurgeParams {
  /** Sent emails, and local-mailbox copies, older than this many days are deleted (RETENTION_DAYS: 1 to 3650). */
  sentEmailRetentionDays: number;
  /** Days past expiry before unconfirmed applications and inquiries and expired invitations go. */
  expiredLinkGraceDays?: number;
  batchSize?: number;
  /** Per kind of row; the rest is left for the next run (`more`). */
  maxBatches?: number;
}

export interface PurgeResult {
  rateLimitHits: BatchedDelete;
  verificationTokens: BatchedDelete;
  sessions: BatchedDelete;
  sentEmails: BatchedDelete;
  mailboxEmails: BatchedDelete;
  unconfirmedApplications: BatchedDelete;
  unconfirmedInquiries: BatchedDelete;
  expiredInvitations: BatchedDelete;
  /** Accounts made by studio invitations that all expired before the person ever signed in. */
  invitationAccounts: BatchedDelete;
  /** Client IPs erased from inquiries past SENDER_IP_RETENTION_DAYS (the inquiries stay). */
  inquirySenderIps: BatchedDelete;
}

/**
 * Deletes what nothing reads any more: rate-limit hits past their window, email sign-in tokens
 * (verification_tokens) and sessions past their expiry, sent emails older than the retention (their
 * bodies were cleared when sent; the row is only a record) and the local mailbox's copies of the
 * same age; the accounts studio invitations made for people who never signed in before those
 * invitations expired; and, EXPIRED_LINK_GRACE_DAYS after their links expired, applications and
 * inquiries never confirmed (a person's name, address and message that nobody confirmed and nobody
 * will see) and invitations never accepted. Dead and queued emails stay: they are the operator's to
 * retry or inspect (`email:list`). And it erases the sender IP of inquiries older than
 * SENDER_IP_RETENTION_DAYS, keeping the inquiries. Each kind in bounded batches.
 */
export async function purgeExpiredRows(db: Db, params: PurgeParams): Promise<PurgeResult> {
  const days = params.sentEmailRetentionDays;
  // The CLI and the environment refuse such values with a message; here, so no caller reaches the
  // database with them (Postgres would answer a raw interval overflow).
  if (!Number.isInteger(days) || days < RETENTION_DAYS.min || days > RETENTION_DAYS.max) {
    throw new RangeError(`sentEmailRetentionDays must be a whole number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}, not ${days}`);
  }
  const batchSize = params.batchSize ?? PURGE_BATCH_SIZE;
  const maxBatches = params.maxBatches ?? 100;
  const batches = { batchSize, maxBatches };
  const retention = sql`now() - make_interval(days => ${params.sentEmailRetentionDays})`;
  const graceEnded = sql`now() - make_interval(days => ${params.expiredLinkGraceDays ?? EXPIRED_LINK_GRACE_DAYS})`;
  const graceEndedAt = new Date(Date.now() - (params.expiredLinkGraceDays ?? EXPIRED_LINK_GRACE_DAYS) * 24 * 3600 * 1000);
  const purge = (table: string, where: SQL) => deleteInBatches(db, { table: sql.raw(table), where, ...batches });
  return {
    rateLimitHits: await purgeExpiredRateLimitHits(db, batches),
    verificationTokens: await purge("verification_tokens", sql`expires <= now()`),
    sessions: await purge("sessions", sql`expires <= now()`),
    sentEmails: await purge("email_outbox", sql`sent_at is not null and sent_at <= ${retention}`),
    mailboxEmails: await purge("dev_mailbox", sql`created_at <= ${retention}`),
    unconfirmedApplications: await purge(
      "interest_applications",
      sql`stage = 'AWAITING_VERIFICATION' and token_expires_at <= ${graceEnded}`,
    ),
    unconfirmedInquiries: await purge("inquiries", sql`status = 'AWAITING_VERIFICATION' and token_expires_at <= ${graceEnded}`),
    // With the same grace as the invitation rows below (an expired invitation stays on the team page,
    // with Resend, for that long), and before them: the account sweep records each team's expiry.
    invitationAccounts: await removeAccountsOfExpiredInvitations(db, { limit: batchSize, now: graceEndedAt }),
    expiredInvitations: await purge(
      "provider_members",
      sql`invite_status = 'PENDING' and accepted_at is null and revoked_at is null and invite_expires_at <= ${graceEnded}`,
    ),
    inquirySenderIps: await clearOldSenderIps(db, batches),
  };
}
