import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import { AppError } from "@/lib/errors";

const retryNow = {
  failedAt: null,
  attempts: 0,
  nextAttemptAt: sql`now()`,
  lockedUntil: null,
};

/**
 * Makes an unsent email due again now, with a fresh attempt budget: a dead one (given up) or one
 * waiting for its next retry. The last error is kept until the next attempt replaces it.
 */
export async function retryOutboxEmail(db: Db, params: { id: string }): Promise<{ ids: string[] }> {
  const [row] = await db.select({ sentAt: emailOutbox.sentAt }).from(emailOutbox).where(eq(emailOutbox.id, params.id));
  if (!row) throw new AppError("NOT_FOUND", `No email ${params.id} in the outbox.`);
  if (row.sentAt) throw new AppError("CONFLICT", `Email ${params.id} was sent already.`);
  const updated = await db
    .update(emailOutbox)
    .set(retryNow)
    .where(and(eq(emailOutbox.id, params.id), isNull(emailOutbox.sentAt)))
    .returning({ id: emailOutbox.id });
  return { ids: updated.map((u) => u.id) };
}

/** Every dead email (given up) due again now, each with a fresh attempt budget. */
export async function retryDeadOutboxEmails(db: Db): Promise<{ ids: string[] }> {
  const updated = await db
    .update(emailOutbox)
    .set(retryNow)
    .where(and(isNotNull(emailOutbox.failedAt), isNull(emailOutbox.sentAt)))
    .returning({ id: emailOutbox.id });
  return { ids: updated.map((u) => u.id) };
}
