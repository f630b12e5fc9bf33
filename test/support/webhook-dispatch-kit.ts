import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { WebhookEventType } from "@/db/enums";
import type { Provider } from "@/db/schema";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookEndpointRow } from "@/db/schema-webhooks";
import { parseSecretBoxKey } from "@/lib/webhooks/secret-box";
import { generateWebhookSecret } from "@/lib/webhooks/signature";
import { sealEndpointSecret, type WebhookConfig } from "@/lib/webhooks/webhook-config";

/**
 * Webhook endpoints written straight to the database for dispatcher and event tests (the endpoints API
 * is tested on its own), sealed as the API seals them, with the secret kept in clear for the test.
 */

/** A config with a fresh key; loopback allowed unless told, so local receivers can be reached. */
export function testWebhookConfig(policy: Partial<WebhookConfig["policy"]> = {}): WebhookConfig {
  return {
    key: parseSecretBoxKey(randomBytes(32).toString("base64")),
    policy: { allowHttp: true, allowLoopback: true, ...policy },
    proxyUrl: undefined,
  };
}

export interface TestEndpoint {
  endpoint: WebhookEndpointRow;
  secret: string;
  previousSecret: string | null;
}

export async function makeWebhookEndpoint(
  db: Db,
  params: {
    provider: Provider;
    config: WebhookConfig;
    url: string;
    eventTypes?: WebhookEventType[];
    /** A previous secret still signing until this time (a rotation's overlap). */
    previousSecretExpiresAt?: Date;
    values?: Partial<typeof webhookEndpoints.$inferInsert>;
  },
): Promise<TestEndpoint> {
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const previousSecret = params.previousSecretExpiresAt ? generateWebhookSecret() : null;
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      id,
      providerId: params.provider.id,
      url: params.url,
      eventTypes: params.eventTypes ?? ["listing.updated", "inquiry.created", "inquiry.updated", "listing.published", "listing.unpublished", "review.published", "inquiry.erased"],
      secretSealed: sealEndpointSecret(params.config.key, id, secret),
      previousSecretSealed: previousSecret ? sealEndpointSecret(params.config.key, id, previousSecret) : null,
      previousSecretExpiresAt: params.previousSecretExpiresAt ?? null,
      ...params.values,
    })
    .returning();
  return { endpoint: endpoint!, secret, previousSecret };
}

export async function deliveriesOf(db: Db, endpointId: string) {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

export async function attemptsOf(db: Db, deliveryId: string) {
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.at);
}
