import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema-webhooks";
import { requeuedDelivery } from "@/lib/webhooks/reset-delivery";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { consumeWebhookLimit } from "./consume-webhook-limit";
import { findWebhookDelivery } from "./find-webhook-delivery";
import { findWebhookEndpoint } from "./find-webhook-endpoint";
import { REPLAYS_PER_PROVIDER_PER_HOUR } from "./rules";
import { webhookDisabledError } from "./send-test-webhook";

/**
 * Sends one delivery again (OWNER and ADMIN): the same message (same `webhook-id` and bytes; each
 * attempt signs with a new timestamp), back to PENDING and due now with a fresh schedule of attempts.
 * 100 per provider per hour; 404 after 30 days; 409 WEBHOOK_DISABLED on a disabled endpoint.
 * Audited as webhook.replayed.
 */
export async function replayWebhookDelivery(
  db: Db,
  params: { providerId: string; endpointId: string; messageId: string; caller: Caller; now?: Date },
): Promise<{ messageId: string }> {
  assertCallerCanWrite(params.caller);
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpoint(tx, params);
    const { delivery } = await findWebhookDelivery(tx, { endpointId: endpoint.id, messageId: params.messageId, now, lock: true });
    if (!endpoint.enabled) throw webhookDisabledError();
    await consumeWebhookLimit(tx, { scope: "webhook:replay", subject: params.providerId, limit: REPLAYS_PER_PROVIDER_PER_HOUR });
    await tx
      .update(webhookDeliveries)
      .set(requeuedDelivery(now))
      .where(eq(webhookDeliveries.id, delivery.id));
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "webhook.replayed",
      targetType: "webhook_endpoint",
      targetId: endpoint.id,
      metadata: { messageId: delivery.messageId, previousStatus: delivery.status },
    });
    return { messageId: delivery.messageId };
  });
}
