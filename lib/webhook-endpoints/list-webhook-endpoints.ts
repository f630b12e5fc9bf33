import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema-webhooks";
import type { WebhookEndpointView } from "./schemas";
import { serializeWebhookEndpoint } from "./serialize";

/** The provider's endpoints, oldest first (any role may read; never a secret). */
export async function listWebhookEndpoints(db: Db, params: { providerId: string }): Promise<{ data: WebhookEndpointView[] }> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.providerId, params.providerId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  const now = new Date();
  return { data: rows.map((row) => serializeWebhookEndpoint(row, now)) };
}
