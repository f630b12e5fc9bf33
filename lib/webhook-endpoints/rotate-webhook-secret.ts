import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema-webhooks";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { generateWebhookSecret } from "@/lib/webhooks/signature";
import { sealEndpointSecret, type WebhookConfig } from "@/lib/webhooks/webhook-config";
import { findWebhookEndpoint } from "./find-webhook-endpoint";
import type { WebhookRotatedView } from "./schemas";

/**
 * A new signing secret (OWNER and ADMIN), returned this once. The current one becomes the previous
 * secret and keeps signing beside the new one for `overlapHours` (0: it stops at once), so a receiver
 * can switch without a moment of refused messages. Rotating again within an overlap drops the older
 * previous secret: at most two sign. Audited as webhook.secret_rotated with the overlap, never a secret.
 */
export async function rotateWebhookSecret(
  db: Db,
  params: { providerId: string; endpointId: string; overlapHours: number; caller: Caller; config: WebhookConfig; now?: Date },
): Promise<WebhookRotatedView> {
  assertCallerCanWrite(params.caller);
  const now = params.now ?? new Date();
  const expiresAt = new Date(now.getTime() + params.overlapHours * 3600 * 1000);
  return db.transaction(async (tx) => {
    const row = await findWebhookEndpoint(tx, { ...params, lock: true });
    const secret = generateWebhookSecret();
    const overlap = params.overlapHours > 0;
    await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: sealEndpointSecret(params.config.key, row.id, secret),
        // Sealed to the same endpoint id, so the sealed text moves columns as it is.
        previousSecretSealed: overlap ? row.secretSealed : null,
        previousSecretExpiresAt: overlap ? expiresAt : null,
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, row.id));
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "webhook.secret_rotated",
      targetType: "webhook_endpoint",
      targetId: row.id,
      metadata: { overlapHours: params.overlapHours },
    });
    return { secret, previousSecretExpiresAt: expiresAt.toISOString() };
  });
}
