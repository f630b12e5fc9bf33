import type { Db } from "@/db/client";
import { findWebhookEndpoint } from "./find-webhook-endpoint";
import type { WebhookEndpointView } from "./schemas";
import { serializeWebhookEndpoint } from "./serialize";

/** One of the provider's endpoints (any role may read; never the secret); 404 for another's. */
export async function getWebhookEndpoint(db: Db, params: { providerId: string; endpointId: string }): Promise<WebhookEndpointView> {
  return serializeWebhookEndpoint(await findWebhookEndpoint(db, params));
}
