import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints, type WebhookEndpointRow } from "@/db/schema-webhooks";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/validation/primitives";

export const webhookNotFound = () => new AppError("NOT_FOUND", "No webhook endpoint with this id.");

/**
 * The provider's endpoint, or 404: another provider's endpoint and an unknown id answer alike, so an
 * id tells nothing about who owns it. `lock` takes the row for the rest of the transaction.
 */
export async function findWebhookEndpoint(
  db: Db,
  params: { providerId: string; endpointId: string; lock?: boolean },
): Promise<WebhookEndpointRow> {
  if (!isUuid(params.endpointId)) throw webhookNotFound();
  const where = and(eq(webhookEndpoints.id, params.endpointId), eq(webhookEndpoints.providerId, params.providerId));
  const query = db.select().from(webhookEndpoints).where(where).limit(1);
  const [row] = params.lock ? await query.for("update") : await query;
  if (!row) throw webhookNotFound();
  return row;
}
