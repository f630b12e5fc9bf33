import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookMessages } from "@/db/schema-webhooks";
import { AppError } from "@/lib/errors";
import { decodeDeliveryCursor, encodeDeliveryCursor } from "./delivery-cursor";
import { findWebhookEndpoint } from "./find-webhook-endpoint";
import { historyStart } from "./rules";
import type { WebhookDeliveriesQuery, WebhookDeliveryPage } from "./schemas";
import { serializeWebhookDelivery } from "./serialize";

/** One endpoint's deliveries of the last 30 days, newest first, a keyset page at a time (any role). */
export async function listWebhookDeliveries(
  db: Db,
  params: { providerId: string; endpointId: string; now?: Date } & WebhookDeliveriesQuery,
): Promise<WebhookDeliveryPage> {
  const endpoint = await findWebhookEndpoint(db, params);
  const conditions: SQL[] = [eq(webhookDeliveries.endpointId, endpoint.id), gt(webhookDeliveries.createdAt, historyStart(params.now ?? new Date()))];
  if (params.status) conditions.push(eq(webhookDeliveries.status, params.status));
  if (params.cursor) {
    const cursor = decodeDeliveryCursor(params.cursor);
    if (!cursor) throw new AppError("VALIDATION_FAILED", "The page cursor is not valid; start from the newest deliveries.");
    conditions.push(sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  }
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      messageId: webhookDeliveries.messageId,
      eventType: webhookMessages.type,
      createdAt: webhookDeliveries.createdAt,
      cursorTime: sql<string>`to_char(${webhookDeliveries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      status: webhookDeliveries.status,
      attemptCount: webhookDeliveries.attemptCount,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    data: page.map(serializeWebhookDelivery),
    nextCursor: rows.length > params.limit && last ? encodeDeliveryCursor({ createdAt: last.cursorTime, id: last.id }) : null,
  };
}
