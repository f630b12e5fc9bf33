import { and, eq, gte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema-webhooks";
import { requeuedDelivery } from "@/lib/webhooks/reset-delivery";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { consumeWebhookLimit } from "./consume-webhook-limit";
import { findWebhookEndpoint } from "./find-webhook-endpoint";
import { historyStart, RECOVERIES_PER_PROVIDER_PER_HOUR } from "./rules";
import { webhookDisabledError } from "./send-test-webhook";

/**
 * After an outage on the receiver's side (OWNER and ADMIN): every FAILED delivery of this endpoint
 * since `since` (at most 30 days ago) goes back to PENDING, due now, in one statement. 3 per provider
 * per hour; 409 WEBHOOK_DISABLED on a disabled endpoint. Audited as webhook.recovered with the count.
 */
export async function recoverWebhookDeliveries(
  db: Db,
  params: { providerId: string; endpointId: string; since: Date; caller: Caller; now?: Date },
): Promise<{ queued: number }> {
  assertCallerCanWrite(params.caller);
  const now = params.now ?? new Date();
  if (params.since < historyStart(now) || params.since > now) {
    const message = "since must be within the last 30 days";
    throw new AppError("VALIDATION_FAILED", `The request body has invalid fields: since`, { errors: [{ path: "since", message }] });
  }
  return db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpoint(tx, { ...params, lock: true });
    if (!endpoint.enabled) throw webhookDisabledError();
    await consumeWebhookLimit(tx, { scope: "webhook:recover", subject: params.providerId, limit: RECOVERIES_PER_PROVIDER_PER_HOUR });
    const queued = await tx
      .update(webhookDeliveries)
      .set(requeuedDelivery(now))
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.status, "FAILED"),
          gte(webhookDeliveries.createdAt, params.since),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "webhook.recovered",
      targetType: "webhook_endpoint",
      targetId: endpoint.id,
      metadata: { since: params.since.toISOString(), queued: queued.length },
    });
    return { queued: queued.length };
  });
}
