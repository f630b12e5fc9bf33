import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from "@/db/schema-webhooks";
import type { WebhookEventType } from "@/db/enums";
import type { WebhookDeliveryView, WebhookEndpointView } from "./schemas";

/** An endpoint as the provider sees it: never its secret, sealed or not. */
export function serializeWebhookEndpoint(row: WebhookEndpointRow, now = new Date()): WebhookEndpointView {
  const overlapLive = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: overlapLive ? row.previousSecretExpiresAt!.toISOString() : null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function serializeWebhookDelivery(
  row: Pick<WebhookDeliveryRow, "messageId" | "status" | "attemptCount" | "nextAttemptAt" | "lastStatusCode"> & {
    eventType: WebhookEventType;
    createdAt: Date;
  },
): WebhookDeliveryView {
  return {
    messageId: row.messageId,
    eventType: row.eventType,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === "PENDING" ? row.nextAttemptAt.toISOString() : null,
    lastStatusCode: row.lastStatusCode,
  };
}

export function serializeWebhookAttempt(row: WebhookAttemptRow) {
  return {
    at: row.at.toISOString(),
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    error: row.error,
    responseExcerpt: row.responseExcerpt,
  };
}
