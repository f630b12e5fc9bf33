import { sql } from "drizzle-orm";
import { ulid } from "ulid";
import { executeRows, type Db } from "@/db/client";
import type { WebhookEventType } from "@/db/enums";

/**
 * Writes a webhook message and its deliveries: the webhooks' outbox (extensions §8).
 *
 * Call it with the transaction that makes the change the event reports, as `enqueueEmail`: the message
 * exists exactly when the change does, so a rolled-back save sends nothing and a committed one is
 * delivered at least once (lib/webhooks' dispatcher claims the deliveries). It fans out at once to one
 * delivery per enabled endpoint of the provider subscribed to the type; with no such endpoint it
 * writes nothing (one indexed read, the whole cost for a provider without webhooks).
 *
 * The payload is fixed here, as the exact bytes every attempt signs and sends: the envelope
 * `{ type, timestamp, providerSlug, data }` with the event's time in ISO milliseconds and the slug the
 * provider had when it happened.
 */
export interface WebhookEvent {
  type: WebhookEventType;
  /** Thin: ids and the fields the event table lists; receivers fetch details with an API key. */
  data: Record<string, unknown>;
}

export interface WriteWebhookMessageParams {
  providerId: string;
  event: WebhookEvent;
  /** When the event happened, and when its deliveries are first due. */
  now?: Date;
  /**
   * Only these endpoints, whatever they subscribe to (the test button's `webhook.test`); enabled ones
   * only all the same.
   */
  endpointIds?: readonly string[];
}

/** The message id (`msg_` + ULID, the `webhook-id` header), or null when no endpoint wants the event. */
export async function writeWebhookMessage(tx: Db, params: WriteWebhookMessageParams): Promise<string | null> {
  const now = params.now ?? new Date();
  const at = now.toISOString();
  const { type } = params.event;
  const id = `msg_${ulid(now.getTime())}`;
  // One statement, one round trip, whether or not an endpoint wants the event: a listing save of a
  // subscribed provider pays about what one of an unsubscribed one does (bench/webhooks.ts). The slug
  // comes from the same read; to_json writes it as JSON.stringify would.
  const head = `{"type":${JSON.stringify(type)},"timestamp":${JSON.stringify(at)},"providerSlug":`;
  const tail = `,"data":${JSON.stringify(params.event.data)}}`;
  const which = params.endpointIds
    ? sql`e.id = any(${`{${params.endpointIds.join(",")}}`}::uuid[])`
    : sql`e.event_types @> array[${type}]::text[]`;
  const [row] = await executeRows<{ id: string | null }>(
    tx,
    sql`
      with targets as (
        select e.id as endpoint_id, p.slug
        from webhook_endpoints e join providers p on p.id = e.provider_id
        where e.provider_id = ${params.providerId} and e.enabled and ${which}
      ), message as (
        insert into webhook_messages (id, provider_id, type, payload, created_at)
        select ${id}, ${params.providerId}, ${type}, ${head} || to_json(slug)::text || ${tail}, ${at}::timestamptz
        from targets limit 1
        returning id
      ), deliveries as (
        insert into webhook_deliveries (message_id, endpoint_id, next_attempt_at, created_at, updated_at)
        select message.id, targets.endpoint_id, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
        from targets cross join message
        returning 1
      )
      select (select id from message) as id, (select count(*) from deliveries) as deliveries`,
  );
  return row?.id ?? null;
}
