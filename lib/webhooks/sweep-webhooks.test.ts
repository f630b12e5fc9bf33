import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, emailOutbox } from "@/db/schema";
import { webhookDeliveries, webhookEndpoints, webhookMessages } from "@/db/schema-webhooks";
import { makeMember, makeProvider } from "@/test/support/factories";
import { deliveriesOf, makeWebhookEndpoint, testWebhookConfig } from "@/test/support/webhook-dispatch-kit";
import { sweepWebhooks } from "./sweep-webhooks";
import { writeWebhookMessage } from "./write-webhook-message";

const config = testWebhookConfig();
const DAY = 86_400_000;
const now = new Date("2026-03-20T12:00:00.000Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);

beforeEach(async () => {
  await getDb().delete(webhookMessages);
  await getDb().delete(webhookEndpoints);
  await getDb().delete(emailOutbox);
});

async function endpointWith(values: Partial<typeof webhookEndpoints.$inferInsert>) {
  const db = getDb();
  const provider = await makeProvider(db);
  await makeMember(db, { provider, role: "ADMIN" });
  const made = await makeWebhookEndpoint(db, { provider, config, url: "https://hooks.example.com/in", values: { createdAt: daysAgo(30), ...values } });
  return { provider, ...made };
}

const endpointRow = async (id: string) => (await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

describe("sweepWebhooks: five days without a success", () => {
  it("disables an endpoint failing with no success for 5 days (FAILING): pending cancelled, audit, WEBHOOK_DISABLED email", async () => {
    const db = getDb();
    const { endpoint, provider } = await endpointWith({ lastSuccessAt: daysAgo(6), failingSince: daysAgo(2) });
    await writeWebhookMessage(db, { providerId: provider.id, event: { type: "listing.updated", data: {} }, now: daysAgo(1) });

    expect(await sweepWebhooks(db, { now })).toMatchObject({ disabled: 1 });
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, disabledReason: "FAILING" });
    expect((await deliveriesOf(db, endpoint.id)).map((d) => d.status)).toEqual(["CANCELLED"]);
    const audits = await db.select().from(auditEvents).where(and(eq(auditEvents.providerId, provider.id), eq(auditEvents.action, "webhook.disabled")));
    expect(audits.map((a) => a.metadata)).toEqual([{ reason: "FAILING", cancelledDeliveries: 1 }]);
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "WEBHOOK_DISABLED"));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("/studio/webhooks");
    expect(await sweepWebhooks(db, { now })).toMatchObject({ disabled: 0 });
  });

  it("keeps an endpoint that succeeded within 5 days, and one with no FAILED delivery", async () => {
    const recent = await endpointWith({ lastSuccessAt: daysAgo(4), failingSince: daysAgo(1) });
    const quiet = await endpointWith({ lastSuccessAt: daysAgo(20), failingSince: null });
    expect(await sweepWebhooks(getDb(), { now })).toMatchObject({ disabled: 0 });
    expect(await endpointRow(recent.endpoint.id)).toMatchObject({ enabled: true });
    expect(await endpointRow(quiet.endpoint.id)).toMatchObject({ enabled: true });
  });

  it("counts a never-successful endpoint from its creation", async () => {
    const young = await endpointWith({ createdAt: daysAgo(4), failingSince: daysAgo(1) });
    const old = await endpointWith({ createdAt: daysAgo(6), failingSince: daysAgo(1) });
    expect(await sweepWebhooks(getDb(), { now })).toMatchObject({ disabled: 1 });
    expect(await endpointRow(young.endpoint.id)).toMatchObject({ enabled: true });
    expect(await endpointRow(old.endpoint.id)).toMatchObject({ enabled: false });
  });
});

describe("sweepWebhooks: 30-day retention", () => {
  it("deletes messages older than 30 days with their deliveries and attempts, and keeps younger ones", async () => {
    const db = getDb();
    const { provider } = await endpointWith({});
    const old = await writeWebhookMessage(db, { providerId: provider.id, event: { type: "listing.updated", data: {} }, now: daysAgo(31) });
    const young = await writeWebhookMessage(db, { providerId: provider.id, event: { type: "listing.updated", data: {} }, now: daysAgo(29) });
    expect(await sweepWebhooks(db, { now, batchSize: 1 })).toMatchObject({ messagesDeleted: 1 });
    const left = await db.select({ id: webhookMessages.id }).from(webhookMessages);
    expect(left.map((m) => m.id)).toEqual([young]);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.messageId, old!))).toHaveLength(0);
  });
});
