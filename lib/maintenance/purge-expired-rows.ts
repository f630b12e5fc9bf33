import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { removeAccountsOfExpiredInvitations } from "@/lib/members/remove-unused-invitee-account";
import { purgeExpiredRateLimitHits, PURGE_BATCH_SIZE } from "@/lib/rate-limit/purge-expired-rate-limit-hits";
import { deleteInBatches, type BatchedDelete } from "./delete-in-batches";

export interface PurgeParams {
  /** Sent emails older than this many days are deleted from the outbox (0: every sent email). */
  sentEmailRetentionDays: number;
  batchSize?: number;
  /** Per kind of row; the rest is left for the next run (`more`). */
  maxBatches?: number;
}

export interface PurgeResult {
  rateLimitHits: BatchedDelete;
  verificationTokens: BatchedDelete;
  sessions: BatchedDelete;
  sentEmails: BatchedDelete;
  /** Accounts made by studio invitations that all expired before the person ever signed in. */
  invitationAccounts: BatchedDelete;
}

/**
 * Deletes what nothing reads any more: rate-limit hits past their window, email sign-in tokens
 * (verification_tokens) and sessions past their expiry, and sent emails older than the retention
 * (their bodies were cleared when sent; the row is only a record), and the accounts studio invitations
 * made for people who never signed in before those invitations expired. Dead and queued emails stay:
 * they are the operator's to retry or inspect (`email:list`). Each kind in bounded batches.
 */
export async function purgeExpiredRows(db: Db, params: PurgeParams): Promise<PurgeResult> {
  const batchSize = params.batchSize ?? PURGE_BATCH_SIZE;
  const maxBatches = params.maxBatches ?? 100;
  const batches = { batchSize, maxBatches };
  const days = sql`make_interval(days => ${params.sentEmailRetentionDays})`;
  return {
    rateLimitHits: await purgeExpiredRateLimitHits(db, batches),
    verificationTokens: await deleteInBatches(db, { table: sql`verification_tokens`, where: sql`expires <= now()`, ...batches }),
    sessions: await deleteInBatches(db, { table: sql`sessions`, where: sql`expires <= now()`, ...batches }),
    sentEmails: await deleteInBatches(db, {
      table: sql`email_outbox`,
      where: sql`sent_at is not null and sent_at <= now() - ${days}`,
      ...batches,
    }),
    invitationAccounts: await removeAccountsOfExpiredInvitations(db, { limit: batchSize }),
  };
}
