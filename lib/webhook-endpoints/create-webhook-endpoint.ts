import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema-webhooks";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { lockProvider } from "@/lib/provider-core/lock-provider";
import type { WebhookResolver } from "@/lib/webhooks/destination";
import { generateWebhookSecret } from "@/lib/webhooks/signature";
import { sealEndpointSecret, type WebhookConfig } from "@/lib/webhooks/webhook-config";
import { checkWebhookDestination } from "./check-destination";
import { MAX_WEBHOOK_ENDPOINTS } from "./rules";
import type { WebhookCreatedView, WebhookCreateInput } from "./schemas";
import { serializeWebhookEndpoint } from "./serialize";

/**
 * Adds a webhook endpoint (OWNER and ADMIN): the URL checked now (shape, then every address public),
 * at most five per provider, exact under concurrency because the count is read under the provider's
 * row lock. The secret is made here, stored sealed to this endpoint's id, and returned this once.
 * Audited as webhook.created, without the secret.
 */
export async function createWebhookEndpoint(
  db: Db,
  params: { providerId: string; input: WebhookCreateInput; caller: Caller; config: WebhookConfig; resolver?: WebhookResolver },
): Promise<WebhookCreatedView> {
  assertCallerCanWrite(params.caller);
  const url = await checkWebhookDestination(params.input.url, { policy: params.config.policy, resolver: params.resolver });
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const secretSealed = sealEndpointSecret(params.config.key, id, secret);
  return db.transaction(async (tx) => {
    await lockProvider(tx, params.providerId);
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.providerId, params.providerId));
    if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(
        "WEBHOOK_LIMIT_REACHED",
        `A provider may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one before adding another.`,
      );
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        providerId: params.providerId,
        url,
        description: params.input.description ?? null,
        eventTypes: params.input.eventTypes,
        enabled: params.input.enabled ?? true,
        secretSealed,
      })
      .returning();
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "webhook.created",
      targetType: "webhook_endpoint",
      targetId: id,
      metadata: { url, eventTypes: row!.eventTypes, enabled: row!.enabled },
    });
    return { ...serializeWebhookEndpoint(row!), secret };
  });
}
