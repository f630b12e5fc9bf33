import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { emailOutbox, type EmailOutboxRow } from "@/db/schema";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import {
  describeSendError,
  isRetryableSendError,
  sendFailure,
  withTimeout,
  type EmailTransport,
} from "./transports/types";

export const MAX_SEND_ATTEMPTS = 10;
const FIRST_RETRY_SECONDS = 5;
const MAX_RETRY_SECONDS = 3600;
// No send starts unless it can finish (time out) this long before our lease on the row ends,
// so another instance never claims a row while we may still be sending it.
const LEASE_SAFETY_MS = 5_000;

export interface DispatchOptions {
  transport: EmailTransport;
  /** Rows claimed per run (default 20). */
  batchSize?: number;
  /** How long a claim keeps other dispatchers off a row (default 60 s). */
  leaseSeconds?: number;
  /** The longest we wait for one send before counting it as a retryable failure (default 15 s). */
  sendTimeoutMs?: number;
  /** Sender address; env().EMAIL_FROM by default. */
  from?: string;
}

export interface DispatchResult {
  claimed: number;
  sent: number;
  /** Given up for good (failed_at set): rejected by the provider, or out of attempts. */
  failed: number;
  /** Failed this time and scheduled for another attempt. */
  retried: number;
}

/** Seconds until the next attempt after `attempts` failed ones: doubling from 5 s, capped at 1 h, jittered. */
export function retryDelaySeconds(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));
  // Equal jitter: instances that failed together do not all come back in the same second.
  return base / 2 + (random() * base) / 2;
}

/**
 * Sends the emails that are due. Rows are claimed with one atomic UPDATE (FOR UPDATE SKIP LOCKED),
 * so dispatchers running at once in several app instances never claim the same row; the sends
 * then happen outside any transaction and each outcome is written back conditionally.
 */
export async function dispatchDueEmails(db: Db, options: DispatchOptions): Promise<DispatchResult> {
  const batchSize = options.batchSize ?? 20;
  const leaseMs = (options.leaseSeconds ?? 60) * 1000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 15_000;
  if (sendTimeoutMs + LEASE_SAFETY_MS > leaseMs) {
    throw new Error("dispatchDueEmails: leaseSeconds must exceed the send timeout by at least 5 s");
  }
  const from = options.from ?? env().EMAIL_FROM;
  const started = performance.now();
  const rows = await claimDueEmails(db, batchSize, leaseMs / 1000);
  const result: DispatchResult = { claimed: rows.length, sent: 0, failed: 0, retried: 0 };

  for (const row of rows) {
    if (performance.now() - started + sendTimeoutMs + LEASE_SAFETY_MS > leaseMs) {
      await releaseClaim(db, row);
      continue;
    }
    const outcome = await sendOne(db, row, options.transport, from, sendTimeoutMs);
    if (outcome) result[outcome] += 1;
  }
  return result;
}

async function claimDueEmails(db: Db, batchSize: number, leaseSeconds: number): Promise<EmailOutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        isNull(emailOutbox.failedAt),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(emailOutbox)
    .set({
      // Each claim increments attempts, which makes attempts the fencing token of this claim.
      attempts: sql`${emailOutbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds}::double precision)`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

async function sendOne(
  db: Db,
  row: EmailOutboxRow,
  transport: EmailTransport,
  from: string,
  sendTimeoutMs: number,
): Promise<keyof Omit<DispatchResult, "claimed"> | null> {
  let providerMessageId: string | null;
  try {
    if (row.text === null) throw sendFailure(false, "email body is missing");
    const msg = { id: row.id, from, to: row.to, replyTo: row.replyTo, subject: row.subject, text: row.text, html: row.html };
    ({ providerMessageId } = await withTimeout(
      sendTimeoutMs,
      (signal) => transport.send(msg, { signal }),
      () => sendFailure(true, `${transport.name}: no answer within ${sendTimeoutMs} ms`),
    ));
  } catch (error) {
    return recordFailure(db, row, transport, error);
  }
  return (await recordSent(db, row, providerMessageId)) ? "sent" : null;
}

async function recordSent(db: Db, row: EmailOutboxRow, providerMessageId: string | null): Promise<boolean> {
  // The bodies go: they carry secrets such as verification links, and are not needed any more.
  const updated = await db
    .update(emailOutbox)
    .set({
      sentAt: sql`now()`,
      providerMessageId,
      lockedUntil: null,
      failedAt: null,
      lastError: null,
      text: null,
      html: null,
    })
    .where(and(eq(emailOutbox.id, row.id), isNull(emailOutbox.sentAt)))
    .returning({ id: emailOutbox.id });
  if (updated.length === 0) {
    log.warn("email.already_sent", { outboxId: row.id, kind: row.kind });
    return false;
  }
  log.info("email.sent", { outboxId: row.id, kind: row.kind, attempts: row.attempts });
  return true;
}

async function recordFailure(
  db: Db,
  row: EmailOutboxRow,
  transport: EmailTransport,
  error: unknown,
): Promise<"failed" | "retried" | null> {
  const lastError = describeSendError(error);
  const retryable = isRetryableSendError(error);
  const giveUp = !retryable || row.attempts >= MAX_SEND_ATTEMPTS;
  const delay = retryDelaySeconds(row.attempts);
  const updated = await db
    .update(emailOutbox)
    .set({
      lastError,
      lockedUntil: null,
      ...(giveUp
        ? { failedAt: sql`now()` }
        : { nextAttemptAt: sql`now() + make_interval(secs => ${delay}::double precision)` }),
    })
    // Only while our claim stands: after a lost lease the row belongs to whoever claimed it next.
    .where(and(eq(emailOutbox.id, row.id), isNull(emailOutbox.sentAt), eq(emailOutbox.attempts, row.attempts)))
    .returning({ id: emailOutbox.id });
  if (updated.length === 0) return null;
  const fields = { outboxId: row.id, kind: row.kind, transport: transport.name, attempts: row.attempts, error: lastError };
  if (giveUp) {
    log.error("email.dead_letter", { ...fields, reason: retryable ? "out of attempts" : "rejected" });
    return "failed";
  }
  log.warn("email.send_failed", { ...fields, retryInSeconds: Math.round(delay) });
  return "retried";
}

/** Hands an unsent row back untouched (the attempt it was claimed for never started). */
async function releaseClaim(db: Db, row: EmailOutboxRow): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ lockedUntil: null, attempts: sql`${emailOutbox.attempts} - 1` })
    .where(and(eq(emailOutbox.id, row.id), isNull(emailOutbox.sentAt), eq(emailOutbox.attempts, row.attempts)));
}
