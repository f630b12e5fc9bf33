/**
 * Sends the webhook deliveries that are due (extensions §8), dispatched like the email outbox
 * (lib/email/dispatcher.ts): claim with a lease (claim-deliveries.ts), send outside any transaction,
 * then record each outcome in one transaction, fenced by the lease.
 *
 * Each attempt opens the endpoint's secret (and the previous one while its rotation overlap lasts, so
 * both signatures go out), signs the stored payload bytes with the message id as `webhook-id` (the
 * same at every retry and replay) and the attempt's time as `webhook-timestamp`, and sends through
 * deliverWebhook (the SSRF rules again at every attempt, pinned address, no redirects, 64 KB, 15 s).
 * 2xx: SUCCEEDED. Otherwise the next attempt follows the retry schedule (jitter, Retry-After), or,
 * after the tenth, the delivery is FAILED and the endpoint failing; a 410 disables the endpoint.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema-webhooks";
import { log } from "@/lib/config/log";
import { claimDueDeliveries, type ClaimedDelivery, type ClaimParams } from "./claim-deliveries";
import { deliverWebhook, deliverySucceeded, type DeliveryResult } from "./deliver";
import type { WebhookResolver } from "./destination";
import { disableWebhookEndpoint, markEndpointFailing, markEndpointSucceeded } from "./endpoint-state";
import { nextAttemptAt } from "./retry-schedule";
import { webhookRequestHeaders } from "./signature";
import { openEndpointSecret, type WebhookConfig } from "./webhook-config";

export interface DispatchWebhooksParams extends Omit<ClaimParams, "now"> {
  config: WebhookConfig;
  /** The clock: the claim, the attempt's `webhook-timestamp` and the schedule read it (tests pass a fake). */
  now?: () => Date;
  random?: () => number;
  resolver?: WebhookResolver;
  timeoutMs?: number;
  trustedCa?: string;
}

export interface DispatchWebhooksResult {
  claimed: number;
  succeeded: number;
  retried: number;
  failed: number;
  /** The lease was lost or the delivery cancelled meanwhile: nothing recorded. */
  stale: number;
}

type Outcome = "succeeded" | "retried" | "failed" | "stale";

export async function dispatchDueWebhooks(db: Db, params: DispatchWebhooksParams): Promise<DispatchWebhooksResult> {
  const clock = params.now ?? (() => new Date());
  const claimed = await claimDueDeliveries(db, { ...params, now: clock() });
  const result: DispatchWebhooksResult = { claimed: claimed.length, succeeded: 0, retried: 0, failed: 0, stale: 0 };
  // The claim already bounds the batch (32 in all, 4 per endpoint): every claimed delivery goes at once.
  const outcomes = await Promise.all(claimed.map((delivery) => attemptOne(db, delivery, params, clock)));
  for (const outcome of outcomes) result[outcome] += 1;
  return result;
}

/** The secrets that sign an attempt at `at`: the current one, then the previous one during its overlap. */
export function signingSecrets(config: WebhookConfig, delivery: ClaimedDelivery, at: Date): string[] {
  const secrets = [openEndpointSecret(config.key, delivery.endpointId, delivery.secretSealed)];
  if (delivery.previousSecretSealed && delivery.previousSecretExpiresAt && delivery.previousSecretExpiresAt > at) {
    secrets.push(openEndpointSecret(config.key, delivery.endpointId, delivery.previousSecretSealed));
  }
  return secrets;
}

async function attemptOne(db: Db, delivery: ClaimedDelivery, params: DispatchWebhooksParams, clock: () => Date): Promise<Outcome> {
  const at = clock();
  let result: DeliveryResult;
  try {
    const sign = { secrets: signingSecrets(params.config, delivery, at), msgId: delivery.messageId, timestamp: at, body: delivery.payload };
    result = await deliverWebhook({
      url: delivery.url,
      headers: webhookRequestHeaders(sign),
      body: delivery.payload,
      ...params.config.policy,
      proxyUrl: params.config.proxyUrl,
      resolver: params.resolver,
      timeoutMs: params.timeoutMs,
      trustedCa: params.trustedCa,
      now: clock,
    });
  } catch (error) {
    // A secret that does not open (a changed key) or a malformed proxy URL: ours, not the receiver's.
    // The attempt counts as a connection failure so the delivery still ends; the log names no secret.
    log.error("webhook.attempt_error", { deliveryId: delivery.deliveryId, endpointId: delivery.endpointId, error: errorName(error) });
    result = { statusCode: null, durationMs: 0, error: "CONNECTION", errorDetail: "SENDER", responseExcerpt: null, retryAfterSeconds: null };
  }
  return recordAttempt(db, delivery, result, { at, random: params.random ?? Math.random });
}

async function recordAttempt(db: Db, delivery: ClaimedDelivery, result: DeliveryResult, opts: { at: Date; random: () => number }): Promise<Outcome> {
  const { at } = opts;
  const succeeded = deliverySucceeded(result);
  const gone = result.statusCode === 410 && !succeeded;
  const next = succeeded || gone ? null : nextAttemptAt({ attempt: delivery.attempt, now: at, random: opts.random, retryAfterSeconds: result.retryAfterSeconds });
  const outcome: Outcome = succeeded ? "succeeded" : next ? "retried" : "failed";
  const recorded = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status: succeeded ? "SUCCEEDED" : next ? "PENDING" : "FAILED",
        ...(next ? { nextAttemptAt: next } : {}),
        lockedUntil: null,
        lastStatusCode: result.statusCode,
        updatedAt: at,
      })
      .where(
        and(
          eq(webhookDeliveries.id, delivery.deliveryId),
          eq(webhookDeliveries.status, "PENDING"),
          eq(webhookDeliveries.lockedUntil, delivery.lease),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (!updated) return false;
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.deliveryId,
      at,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
      responseExcerpt: result.responseExcerpt,
    });
    if (succeeded) await markEndpointSucceeded(tx, { endpointId: delivery.endpointId, now: at });
    else if (gone) await disableWebhookEndpoint(tx, { endpointId: delivery.endpointId, reason: "GONE", now: at });
    else if (!next) await markEndpointFailing(tx, { endpointId: delivery.endpointId, now: at });
    return true;
  });
  const fields = {
    deliveryId: delivery.deliveryId,
    messageId: delivery.messageId,
    endpointId: delivery.endpointId,
    attempt: delivery.attempt,
    statusCode: result.statusCode,
    error: result.error,
    errorDetail: result.errorDetail,
    durationMs: result.durationMs,
  };
  if (!recorded) {
    log.warn("webhook.attempt_stale", fields);
    return "stale";
  }
  if (outcome === "succeeded") log.info("webhook.delivered", fields);
  else if (outcome === "retried") log.info("webhook.attempt_failed", { ...fields, nextAttemptAt: next?.toISOString() });
  else log.warn("webhook.delivery_failed", { ...fields, gone });
  return outcome;
}

/** An error's class name only: its message might quote a secret or an address. */
function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
