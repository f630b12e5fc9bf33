import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { webhookEndpoints, webhookMessages } from "@/db/schema-webhooks";
import { makeProvider } from "@/test/support/factories";
import { captureLog } from "@/test/support/log-capture";
import { attemptsOf, deliveriesOf, makeWebhookEndpoint, testWebhookConfig } from "@/test/support/webhook-dispatch-kit";
import { fakeResolver, startReceiver, type Receiver, type ReceiverReply } from "@/test/support/webhook-receiver";
import { dispatchDueWebhooks } from "./dispatch-webhooks";
import type { WebhookResolver } from "./destination";
import type { WebhookConfig } from "./webhook-config";
import { writeWebhookMessage } from "./write-webhook-message";

// The SSRF rules and the limits hold at delivery time, through the dispatcher (not only in
// deliverWebhook's own tests), and nothing the dispatcher logs holds a secret.

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
});

async function deliverOnce(reply: ReceiverReply, config: WebhookConfig, resolver: WebhookResolver, previousSecretExpiresAt?: Date) {
  const db = getDb();
  const target = await receiver(reply);
  const provider = await makeProvider(db);
  const made = await makeWebhookEndpoint(db, { provider, config, url: `http://hooks.example.com:${target.port}/in`, previousSecretExpiresAt });
  await writeWebhookMessage(db, { providerId: provider.id, event: { type: "listing.updated", data: { listing: { slug: provider.slug, changedFields: [] } } } });
  const result = await dispatchDueWebhooks(db, { config, resolver });
  const [delivery] = await deliveriesOf(db, made.endpoint.id);
  const [attempt] = await attemptsOf(db, delivery!.id);
  return { target, result, delivery: delivery!, attempt: attempt!, ...made };
}

describe("dispatchDueWebhooks: SSRF at every attempt", () => {
  it("a name public at creation that resolves to 127.0.0.1 at delivery, loopback switch off: DESTINATION_NOT_PUBLIC, no connection", async () => {
    const config = testWebhookConfig({ allowLoopback: false, allowHttp: true });
    const { target, attempt, delivery } = await deliverOnce((_q, res) => res.writeHead(204).end(), config, fakeResolver(() => ["127.0.0.1"]));
    expect(attempt).toMatchObject({ error: "DESTINATION_NOT_PUBLIC", statusCode: null });
    expect(delivery).toMatchObject({ status: "PENDING", attemptCount: 1 });
    expect(target.connections).toBe(0);
  });

  it("(the same receiver IS reached with the loopback switch on, so the check above is what stopped it)", async () => {
    const { target, attempt } = await deliverOnce((_q, res) => res.writeHead(204).end(), testWebhookConfig(), fakeResolver(() => ["127.0.0.1"]));
    expect(attempt).toMatchObject({ error: null, statusCode: 204 });
    expect(target.requests).toHaveLength(1);
  });

  it("a 302 to http://169.254.169.254/ is a failure (REDIRECT), not followed", async () => {
    const resolver = fakeResolver(() => ["127.0.0.1"]);
    const { target, attempt, delivery } = await deliverOnce(
      (_q, res) => res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
      testWebhookConfig(),
      resolver,
    );
    expect(attempt).toMatchObject({ error: "REDIRECT", statusCode: 302 });
    expect(delivery).toMatchObject({ status: "PENDING", lastStatusCode: 302 });
    expect(target.requests).toHaveLength(1);
    expect(resolver.asked).toEqual(["hooks.example.com"]);
  });

  it("a response over 64 KB is cut: RESPONSE_TOO_LARGE, an excerpt of at most 1 KB", async () => {
    const big = "x".repeat(200 * 1024);
    const { attempt } = await deliverOnce((_q, res) => res.writeHead(200, { "content-type": "text/plain" }).end(big), testWebhookConfig(), fakeResolver(() => ["127.0.0.1"]));
    expect(attempt).toMatchObject({ error: "RESPONSE_TOO_LARGE", statusCode: 200 });
    expect(Buffer.byteLength(attempt.responseExcerpt ?? "")).toBeLessThanOrEqual(1024);
  });
});

describe("the dispatcher's log", () => {
  it("names the delivery and its outcome but never a secret, current or previous", async () => {
    const config = testWebhookConfig();
    const { entries, result } = await captureLog(() =>
      deliverOnce((_q, res) => res.writeHead(500).end("nope"), config, fakeResolver(() => ["127.0.0.1"]), new Date(Date.now() + 3600_000)),
    );
    const { secret, previousSecret, target } = result;
    // The secrets were really used: the request verifies with them.
    const req = target.requests[0]!;
    expect(() => new Webhook(secret).verify(req.body.toString("utf8"), req.headers as Record<string, string>)).not.toThrow();
    expect(entries.some((e) => e.event === "webhook.attempt_failed")).toBe(true);
    const logged = JSON.stringify(entries);
    for (const s of [secret, previousSecret!]) {
      expect(logged).not.toContain(s);
      expect(logged).not.toContain(s.slice("whsec_".length));
    }
    expect(logged).not.toContain(String(req.headers["webhook-signature"]).split(" ")[0]!.slice(3));
  });
});
