/**
 * Queues a delivery again for a replay (extensions §8, for the endpoints API): the same message, so
 * the same `webhook-id`, sent at once with a new timestamp and signature, and a fresh retry schedule.
 * Answers false when the delivery does not exist or is being sent right now (still PENDING).
 */
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema-webhooks";

/**
 * The one way a delivery goes back in the queue (a replay, a recovery): PENDING, due now, with a fresh
 * schedule of attempts. The lease is left alone, so a worker sending it right now still records its
 * attempt (claim-deliveries.ts fences that record by the lease, not the count).
 */
export function requeuedDelivery(now: Date) {
  return { status: "PENDING" as const, attemptCount: 0, nextAttemptAt: now, updatedAt: now };
}

export async function resetDeliveryForReplay(tx: Db, params: { messageId: string; endpointId: string; now?: Date }): Promise<boolean> {
  const now = params.now ?? new Date();
  // attempt_count restarts: the lease, not the count, fences a worker's record (claim-deliveries.ts).
  const rows = await tx
    .update(webhookDeliveries)
    .set({ ...requeuedDelivery(now), lockedUntil: null })
    .where(
      and(
        eq(webhookDeliveries.messageId, params.messageId),
        eq(webhookDeliveries.endpointId, params.endpointId),
        ne(webhookDeliveries.status, "PENDING"),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}
