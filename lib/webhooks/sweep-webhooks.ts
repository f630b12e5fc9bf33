/**
 * The webhooks' maintenance (extensions §8): disable endpoints with no success for five days and at
 * least one FAILED delivery (reason FAILING), and drop messages older than 30 days with their
 * deliveries and attempts (the delivery log and replays cover 30 days).
 */
import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { AUTO_DISABLE_DAYS, disableWebhookEndpoint } from "./endpoint-state";

export const WEBHOOK_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export interface WebhookSweepCounts {
  disabled: number;
  messagesDeleted: number;
  messagesLeft: number;
}

export async function sweepWebhooks(tx: Db, params: { now: Date; batchSize?: number; maxBatches?: number }): Promise<WebhookSweepCounts> {
  const { now } = params;
  const cutoff = new Date(now.getTime() - AUTO_DISABLE_DAYS * DAY_MS).toISOString();
  // failing_since is set by a FAILED delivery and cleared by a success, so it stands for "at least one
  // FAILED delivery since the last success"; a never-successful endpoint counts from its creation.
  const due = await executeRows<{ id: string }>(
    tx,
    sql`select id from webhook_endpoints
        where enabled and failing_since is not null
          and coalesce(last_success_at, created_at) <= ${cutoff}::timestamptz
          and failing_since <= ${now.toISOString()}::timestamptz
        order by failing_since
        for update skip locked`,
  );
  let disabled = 0;
  for (const { id } of due) {
    if (await disableWebhookEndpoint(tx, { endpointId: id, reason: "FAILING", now })) disabled += 1;
  }
  // In batches (the deliveries and attempts go by cascade), so a large backlog never holds locks for long.
  const before = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * DAY_MS).toISOString();
  const batchSize = params.batchSize ?? 1000;
  let messagesDeleted = 0;
  let more = false;
  for (let batch = 0; batch < (params.maxBatches ?? 20); batch++) {
    const gone = await executeRows<{ id: string }>(
      tx,
      sql`delete from webhook_messages where id in (
            select id from webhook_messages where created_at < ${before}::timestamptz limit ${batchSize} for update skip locked)
          returning id`,
    );
    messagesDeleted += gone.length;
    more = gone.length === batchSize;
    if (!more) break;
  }
  return { disabled, messagesDeleted, messagesLeft: more ? 1 : 0 };
}
