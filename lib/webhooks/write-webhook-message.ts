import { and, arrayContains, eq, inArray } from "drizzle-orm";
import { ulid } from "ulid";
import type { Db } from "@/db/client";
import type { WebhookEventType } from "@/db/enums";
import { providers } from "@/db/schema";
import { webhookDeliveries, webhookEndpoints, webhookMessages } from "@/db/schema-webhooks";

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
  const { type } = params.event;
  const targets = await tx
    .select({ endpointId: webhookEndpoints.id, slug: providers.slug })
    .from(webhookEndpoints)
    .innerJoin(providers, eq(providers.id, webhookEndpoints.providerId))
    .where(
      and(
        eq(webhookEndpoints.providerId, params.providerId),
        eq(webhookEndpoints.enabled, true),
        params.endpointIds ? inArray(webhookEndpoints.id, [...params.endpointIds]) : arrayContains(webhookEndpoints.eventTypes, [type]),
      ),
    );
  const first = targets[0];
  if (!first) return null;

  const id = `msg_${ulid(now.getTime())}`;
  const payload = JSON.stringify({ type, timestamp: now.toISOString(), providerSlug: first.slug, data: params.event.data });
  await tx.insert(webhookMessages).values({ id, providerId: params.providerId, type, payload, createdAt: now });
  await tx
    .insert(webhookDeliveries)
    .values(targets.map((t) => ({ messageId: id, endpointId: t.endpointId, nextAttemptAt: now, createdAt: now, updatedAt: now })));
  return id;
}
