import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookMessages } from "@/db/schema-webhooks";
import { AppError } from "@/lib/errors";
import { historyStart } from "./rules";

/**
 * One delivery of an endpoint (already found as the provider's) by its message id, within the 30 days
 * of history; older, unknown and another endpoint's answer 404 alike.
 */
export async function findWebhookDelivery(db: Db, params: { endpointId: string; messageId: string; now?: Date; lock?: boolean }) {
  const notFound = new AppError("NOT_FOUND", "No delivery of this message to this endpoint in the last 30 days.");
  if (!/^msg_[0-9A-Za-z]{1,64}$/.test(params.messageId)) throw notFound;
  const query = db
    .select({ delivery: webhookDeliveries, message: webhookMessages })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, params.endpointId),
        eq(webhookDeliveries.messageId, params.messageId),
        gt(webhookDeliveries.createdAt, historyStart(params.now ?? new Date())),
      ),
    )
    .limit(1);
  const [row] = params.lock ? await query.for("update", { of: webhookDeliveries }) : await query;
  if (!row) throw notFound;
  return row;
}
