import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema-webhooks";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { assertCallerCanWrite } from "@/lib/members/roles";
import type { WebhookResolver } from "@/lib/webhooks/destination";
import type { WebhookConfig } from "@/lib/webhooks/webhook-config";
import { checkWebhookDestination } from "./check-destination";
import { findWebhookEndpoint } from "./find-webhook-endpoint";
import type { WebhookEndpointView, WebhookUpdateInput } from "./schemas";
import { serializeWebhookEndpoint } from "./serialize";

/**
 * Changes any field of an endpoint (OWNER and ADMIN). A new URL is checked as at creation. Enabling
 * a disabled endpoint clears its failure state (reason, failing-since, the failure email's clock) so
 * it starts afresh; disabling it cancels its pending deliveries, which are then never sent (replay
 * or recover sends them again once enabled). Audited as webhook.updated with the changed field names.
 */
export async function updateWebhookEndpoint(
  db: Db,
  params: {
    providerId: string;
    endpointId: string;
    input: WebhookUpdateInput;
    caller: Caller;
    config: WebhookConfig;
    resolver?: WebhookResolver;
    now?: Date;
  },
): Promise<WebhookEndpointView> {
  assertCallerCanWrite(params.caller);
  const { input } = params;
  const now = params.now ?? new Date();
  // Checked before the transaction: DNS may take seconds, and no row should stay locked meanwhile.
  const url = input.url === undefined ? undefined : await checkWebhookDestination(input.url, { policy: params.config.policy, resolver: params.resolver });
  return db.transaction(async (tx) => {
    const before = await findWebhookEndpoint(tx, { ...params, lock: true });
    const changes: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: now };
    if (url !== undefined) changes.url = url;
    if (input.description !== undefined) changes.description = input.description;
    if (input.eventTypes !== undefined) changes.eventTypes = input.eventTypes;
    if (input.enabled !== undefined) {
      changes.enabled = input.enabled;
      if (input.enabled && !before.enabled) Object.assign(changes, { disabledReason: null, failingSince: null, failureEmailedAt: null });
    }
    const [after] = await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, before.id)).returning();
    if (input.enabled === false && before.enabled) {
      await tx
        .update(webhookDeliveries)
        .set({ status: "CANCELLED", updatedAt: now })
        .where(and(eq(webhookDeliveries.endpointId, before.id), eq(webhookDeliveries.status, "PENDING")));
    }
    const fields = Object.keys(input).filter((k) => input[k as keyof WebhookUpdateInput] !== undefined);
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "webhook.updated",
      targetType: "webhook_endpoint",
      targetId: before.id,
      metadata: { fields, ...(input.enabled !== undefined ? { enabled: input.enabled } : {}) },
    });
    return serializeWebhookEndpoint(after!, now);
  });
}
