import { and, asc, desc, isNotNull, isNull, gt, eq, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { emailOutbox } from "@/db/schema";

export const OUTBOX_STATES = ["queued", "failed", "dead", "sent"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export interface OutboxEntry {
  id: string;
  state: OutboxState;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
}

/** The SQL condition for each state (the same as the metrics' outbox gauges). */
function stateCondition(state: OutboxState): SQL {
  switch (state) {
    case "queued":
      return and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt), eq(emailOutbox.attempts, 0))!;
    case "failed":
      return and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt), gt(emailOutbox.attempts, 0))!;
    case "dead":
      return isNotNull(emailOutbox.failedAt);
    case "sent":
      return isNotNull(emailOutbox.sentAt);
  }
}

export function outboxStateOf(row: { sentAt: Date | null; failedAt: Date | null; attempts: number }): OutboxState {
  if (row.sentAt) return "sent";
  if (row.failedAt) return "dead";
  return row.attempts > 0 ? "failed" : "queued";
}

/**
 * Outbox emails, never their bodies (they may hold sign-in links): by default every email not sent
 * (queued, failed, dead), oldest first; sent ones newest first.
 */
export async function listOutbox(db: Db, params: { state?: OutboxState; limit?: number }): Promise<OutboxEntry[]> {
  const where = params.state ? stateCondition(params.state) : isNull(emailOutbox.sentAt);
  const rows = await db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      attempts: emailOutbox.attempts,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      failedAt: emailOutbox.failedAt,
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(params.state === "sent" ? desc(emailOutbox.sentAt) : asc(emailOutbox.createdAt))
    .limit(params.limit ?? 50);
  return rows.map((row) => {
    const state = outboxStateOf(row);
    return { ...row, state, nextAttemptAt: state === "queued" || state === "failed" ? row.nextAttemptAt : null };
  });
}
