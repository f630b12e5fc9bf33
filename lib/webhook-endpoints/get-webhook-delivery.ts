import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookAttempts } from "@/db/schema-webhooks";
import { findWebhookDelivery } from "./find-webhook-delivery";
import { findWebhookEndpoint } from "./find-webhook-endpoint";
import type { WebhookDeliveryDetailView } from "./schemas";
import { serializeWebhookAttempt, serializeWebhookDelivery } from "./serialize";

/** One delivery with the payload exactly as sent and every attempt, oldest first (any role). */
export async function getWebhookDelivery(
  db: Db,
  params: { providerId: string; endpointId: string; messageId: string; now?: Date },
): Promise<WebhookDeliveryDetailView> {
  const endpoint = await findWebhookEndpoint(db, params);
  const { delivery, message } = await findWebhookDelivery(db, { ...params, endpointId: endpoint.id });
  const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id)).orderBy(asc(webhookAttempts.at));
  return {
    ...serializeWebhookDelivery({ ...delivery, eventType: message.type }),
    payload: message.payload,
    attempts: attempts.map(serializeWebhookAttempt),
  };
}
