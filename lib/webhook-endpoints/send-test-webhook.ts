import type { Db } from "@/db/client";
import { AppError } from "@/lib/errors";
import type { Caller } from "@/lib/auth/caller";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { writeWebhookMessage } from "@/lib/webhooks/write-webhook-message";
import { consumeWebhookLimit } from "./consume-webhook-limit";
import { findWebhookEndpoint } from "./find-webhook-endpoint";
import { TEST_SENDS_PER_ENDPOINT_PER_HOUR } from "./rules";

export const webhookDisabledError = () =>
  new AppError("WEBHOOK_DISABLED", "This webhook endpoint is disabled; enable it first.");

/**
 * The test button (OWNER and ADMIN): a `webhook.test` message to this endpoint only, delivered like any
 * other (the dispatcher sends it), 10 per endpoint per hour. A disabled endpoint gets nothing: 409.
 */
export async function sendTestWebhook(
  db: Db,
  params: { providerId: string; endpointId: string; caller: Caller; now?: Date },
): Promise<{ messageId: string }> {
  assertCallerCanWrite(params.caller);
  return db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpoint(tx, params);
    if (!endpoint.enabled) throw webhookDisabledError();
    await consumeWebhookLimit(tx, { scope: "webhook:test", subject: endpoint.id, limit: TEST_SENDS_PER_ENDPOINT_PER_HOUR });
    const messageId = await writeWebhookMessage(tx, {
      providerId: params.providerId,
      event: { type: "webhook.test", data: { webhookId: endpoint.id } },
      endpointIds: [endpoint.id],
      now: params.now,
    });
    // The endpoint was read enabled in this transaction; only a concurrent disable could leave none.
    if (!messageId) throw webhookDisabledError();
    return { messageId };
  });
}
