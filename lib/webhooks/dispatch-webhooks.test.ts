import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, emailOutbox } from "@/db/schema";
import { webhookDeliveries, webhookEndpoints, webhookMessages } from "@/db/schema-webhooks";
import { makeMember, makeProvider } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { attemptsOf, deliveriesOf, makeWebhookEndpoint, testWebhookConfig } from "@/test/support/webhook-dispatch-kit";
import { fakeResolver, startReceiver, type Receiver, type ReceiverReply } from "@/test/support/webhook-receiver";
import { claimDueDeliveries, DELIVERY_LEASE_MS } from "./claim-deliveries";
import { dispatchDueWebhooks } from "./dispatch-webhooks";
import { resetDeliveryForReplay } from "./reset-delivery";
import { RETRY_DELAYS_SECONDS } from "./retry-schedule";
import { writeWebhookMessage } from "./write-webhook-message";

// The dispatcher against real local receivers and the real database, under a fake clock (`now`) and a
// fixed random source: no test waits for a retry.

const config = testWebhookConfig();
const resolver = fakeResolver(() => ["127.0.0.1"]);
const receivers: Receiver[] = [];
async function receiver(reply: ReceiverReply) {
  const started = await startReceiver(reply);
  receivers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
beforeEach(async () => {
  await getDb().delete(webhookMessages);
  await getDb().delete(webhookEndpoints);
  await getDb().delete(emailOutbox);
});

/** Answers each request with the next reply in the list (the last one repeats). */
function replies(...list: ((res: Parameters<ReceiverReply>[1]) => void)[]): ReceiverReply {
  let n = 0;
  return (_req, res) => list[Math.min(n++, list.length - 1)]!(res);
}
const status = (code: number, headers: Record<string, string> = {}) => (res: Parameters<ReceiverReply>[1]) => res.writeHead(code, headers).end();

async function setup(reply: ReceiverReply, options: { previousSecretExpiresAt?: Date; now?: Date } = {}) {
  const db = getDb();
  const target = await receiver(reply);
  const provider = await makeProvider(db);
  const owner = await makeMember(db, { provider, role: "OWNER" });
  const made = await makeWebhookEndpoint(db, {
    provider,
    config,
    url: `http://hooks.example.com:${target.port}/in`,
    previousSecretExpiresAt: options.previousSecretExpiresAt,
  });
  const write = (now = options.now ?? new Date()) =>
    writeWebhookMessage(db, { providerId: provider.id, event: { type: "listing.updated", data: { listing: { slug: provider.slug, changedFields: ["headline"] } } }, now });
  return { db, target, provider, owner, ...made, write };
}

const dispatch = (now: Date, random = () => 0.5) => dispatchDueWebhooks(getDb(), { config, resolver, now: () => now, random });

describe("dispatchDueWebhooks: signatures", () => {
  it("signs so the reference standardwebhooks library verifies; during an overlap both secrets verify", async () => {
    const { target, secret, previousSecret, write } = await setup(replies(status(204)), { previousSecretExpiresAt: new Date(Date.now() + 3600_000) });
    const messageId = await write();
    expect(await dispatch(new Date())).toMatchObject({ claimed: 1, succeeded: 1 });

    const [req] = target.requests;
    const headers = req!.headers as Record<string, string>;
    expect(headers["webhook-id"]).toBe(messageId);
    expect(headers["user-agent"]).toBe("ProviderRegistry-Webhooks/1");
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    const body = req!.body.toString("utf8");
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: "listing.updated" });
    expect(new Webhook(previousSecret!).verify(body, headers)).toMatchObject({ type: "listing.updated" });
  });

  it("after the overlap only the new secret signs: the old one no longer verifies", async () => {
    const { target, secret, previousSecret, write } = await setup(replies(status(204)), { previousSecretExpiresAt: new Date(Date.now() - 1000) });
    await write();
    await dispatch(new Date());
    const headers = target.requests[0]!.headers as Record<string, string>;
    const body = target.requests[0]!.body.toString("utf8");
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(previousSecret!).verify(body, headers)).toThrow();
  });
});

describe("dispatchDueWebhooks: retries", () => {
  it("follows the ten-step schedule under a fake clock with the same webhook-id, then FAILED and one WEBHOOK_FAILING email", async () => {
    const { db, target, endpoint, owner, write } = await setup(replies(status(500)));
    const start = new Date("2026-03-02T08:00:00.000Z");
    const messageId = await write(start);
    let now = start;
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(await dispatch(now)).toMatchObject({ claimed: 1, [attempt === 10 ? "failed" : "retried"]: 1 });
      const [delivery] = await deliveriesOf(db, endpoint.id);
      expect(delivery!.attemptCount).toBe(attempt);
      if (attempt < 10) {
        // random 0.5 is no jitter: exactly the schedule's delay after this attempt.
        expect(delivery!.nextAttemptAt.getTime() - now.getTime()).toBe(RETRY_DELAYS_SECONDS[attempt]! * 1000);
        // Not due a moment before its time.
        expect(await dispatch(new Date(delivery!.nextAttemptAt.getTime() - 1))).toMatchObject({ claimed: 0 });
        now = delivery!.nextAttemptAt;
      } else {
        expect(delivery!.status).toBe("FAILED");
      }
    }
    expect(target.requests).toHaveLength(10);
    expect(new Set(target.requests.map((r) => r.headers["webhook-id"]))).toEqual(new Set([messageId]));
    expect(new Set(target.requests.map((r) => r.headers["webhook-timestamp"])).size).toBe(10);
    expect(await attemptsOf(db, (await deliveriesOf(db, endpoint.id))[0]!.id)).toHaveLength(10);

    const [after] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after).toMatchObject({ enabled: true, failingSince: now, failureEmailedAt: now });
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "WEBHOOK_FAILING"));
    expect(emails.map((e) => e.to)).toEqual([owner.user.email]);
    expect(emails[0]!.text).toContain("/studio/webhooks");
  });

  it("jitters each delay by at most ±10 %", async () => {
    const { db, endpoint, write } = await setup(replies(status(500)));
    const now = new Date("2026-03-02T08:00:00.000Z");
    await write(now);
    await dispatch(now, () => 0);
    const [low] = await deliveriesOf(db, endpoint.id);
    expect(low!.nextAttemptAt.getTime() - now.getTime()).toBe(4500);
  });

  it("honours Retry-After on a 503: the next attempt waits for it rather than the 5 s step", async () => {
    const { db, endpoint, write } = await setup(replies(status(503, { "retry-after": "3600" })));
    const now = new Date("2026-03-02T08:00:00.000Z");
    await write(now);
    await dispatch(now);
    const [delivery] = await deliveriesOf(db, endpoint.id);
    expect(delivery).toMatchObject({ status: "PENDING", lastStatusCode: 503 });
    expect(delivery!.nextAttemptAt.getTime() - now.getTime()).toBe(3600_000);
  });

  it("emails WEBHOOK_FAILING at most once per endpoint per 24 hours", async () => {
    const { db, endpoint, write } = await setup(replies(status(500)));
    const t0 = new Date("2026-03-02T08:00:00.000Z");
    const lastAttempt = async (at: Date) => {
      await write(at);
      // Straight to the tenth attempt: the ones before it are the schedule test's business.
      await db.update(webhookDeliveries).set({ attemptCount: 9 }).where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "PENDING")));
      expect(await dispatch(at)).toMatchObject({ failed: 1 });
    };
    const failingEmails = async () => (await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "WEBHOOK_FAILING"))).length;
    await lastAttempt(t0);
    await lastAttempt(new Date(t0.getTime() + 23 * 3600_000));
    expect(await failingEmails()).toBe(1);
    await lastAttempt(new Date(t0.getTime() + 25 * 3600_000));
    expect(await failingEmails()).toBe(2);
  });

  it("a 410 disables the endpoint (GONE), cancels its pending deliveries, audits and emails", async () => {
    const { db, endpoint, provider, write } = await setup(replies(status(410)));
    const now = new Date("2026-03-02T08:00:00.000Z");
    await write(now);
    await write(new Date(now.getTime() + 3600_000)); // not yet due: cancelled, never sent
    expect(await dispatch(now)).toMatchObject({ claimed: 1, failed: 1 });

    const [after] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after).toMatchObject({ enabled: false, disabledReason: "GONE" });
    expect((await deliveriesOf(db, endpoint.id)).map((d) => d.status).sort()).toEqual(["CANCELLED", "FAILED"]);
    const audits = await db.select().from(auditEvents).where(and(eq(auditEvents.providerId, provider.id), eq(auditEvents.action, "webhook.disabled")));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.metadata).toMatchObject({ reason: "GONE" });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "WEBHOOK_DISABLED"))).toHaveLength(1);
  });

  it("a success marks the delivery SUCCEEDED, sets last_success_at and clears failing_since", async () => {
    const { db, endpoint, write } = await setup(replies(status(200)));
    await db.update(webhookEndpoints).set({ failingSince: new Date("2026-03-01T00:00:00Z") }).where(eq(webhookEndpoints.id, endpoint.id));
    const now = new Date("2026-03-02T08:00:00.000Z");
    await write(now);
    await dispatch(now);
    expect((await deliveriesOf(db, endpoint.id))[0]).toMatchObject({ status: "SUCCEEDED", lastStatusCode: 200, lockedUntil: null });
    const [after] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after).toMatchObject({ lastSuccessAt: now, failingSince: null });
  });
});

describe("a replay", () => {
  it("sends the same webhook-id again with a new timestamp, and refuses a delivery still pending", async () => {
    const { db, target, endpoint, write } = await setup(replies(status(204)));
    const now = new Date("2026-03-02T08:00:00.000Z");
    const messageId = (await write(now))!;
    expect(await resetDeliveryForReplay(db, { messageId, endpointId: endpoint.id, now })).toBe(false);
    await dispatch(now);
    const later = new Date(now.getTime() + 3600_000);
    expect(await resetDeliveryForReplay(db, { messageId, endpointId: endpoint.id, now: later })).toBe(true);
    expect(await dispatch(later)).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(target.requests.map((r) => r.headers["webhook-id"])).toEqual([messageId, messageId]);
    expect(target.requests.map((r) => Number(r.headers["webhook-timestamp"]))).toEqual([now.getTime() / 1000, later.getTime() / 1000]);
    expect((await deliveriesOf(db, endpoint.id))[0]).toMatchObject({ status: "SUCCEEDED", attemptCount: 1 });
  });
});

describe("the lease: at-least-once", () => {
  it("a worker killed mid-send leaves the delivery claimable once its lease has passed, and only then", async () => {
    const { db, target, endpoint, write } = await setup(replies(status(204)));
    const now = new Date("2026-03-02T08:00:00.000Z");
    const messageId = await write(now);
    // The killed worker: it claimed, and never recorded anything.
    expect(await claimDueDeliveries(db, { now })).toHaveLength(1);
    expect(await dispatch(new Date(now.getTime() + DELIVERY_LEASE_MS - 1))).toMatchObject({ claimed: 0 });

    expect(await dispatch(new Date(now.getTime() + DELIVERY_LEASE_MS))).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(target.requests[0]!.headers["webhook-id"]).toBe(messageId);
    expect((await deliveriesOf(db, endpoint.id))[0]).toMatchObject({ status: "SUCCEEDED", attemptCount: 2 });
  });

  it("claims at most 4 deliveries of one endpoint at a time, counting those other workers hold", async () => {
    const { db, write } = await setup(replies(status(204)));
    const now = new Date("2026-03-02T08:00:00.000Z");
    for (let i = 0; i < 6; i++) await write(new Date(now.getTime() - i));
    expect(await claimDueDeliveries(db, { now, limit: 3 })).toHaveLength(3);
    expect(await claimDueDeliveries(db, { now })).toHaveLength(1);
    expect(await claimDueDeliveries(db, { now })).toHaveLength(0);
  });

  it("two dispatchers at once never send one delivery twice", raceTest, async () => {
    const { target, write } = await setup(replies(status(204)));
    const now = new Date();
    for (let i = 0; i < 8; i++) await write(new Date(now.getTime() - i));
    const runs = await Promise.all([dispatch(now), dispatch(now), dispatch(now)]);
    expect(runs.reduce((n, r) => n + r.succeeded, 0)).toBeLessThanOrEqual(8);
    while ((await dispatch(now)).claimed > 0);
    const ids = target.requests.map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
  });
});
