import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { auditEvents, type Provider } from "@/db/schema";
import { webhookAttempts, webhookDeliveries, webhookMessages } from "@/db/schema-webhooks";
import { makeApiKey, makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { unchangedBy } from "@/test/support/snapshot";
import { enableWebhooksForFile } from "@/test/support/webhook-api-kit";
import { POST as RECOVER } from "../recover/route";
import { PATCH } from "../route";
import { POST as TEST } from "../test/route";
import { POST as CREATE } from "../../route";
import { POST as REPLAY } from "./[messageId]/replay/route";
import { GET as GET_ONE } from "./[messageId]/route";
import { GET } from "./route";

vi.mock("node:dns/promises", async (importOriginal) => (await import("@/test/support/webhook-api-kit")).fakeDnsModule(importOriginal));
enableWebhooksForFile();

let provider: Provider;
let ownerKey: string;
let memberKey: string;
let otherKey: string;

// A provider per test: each adds an endpoint, and five is the limit.
beforeEach(async () => {
  const db = getDb();
  provider = await makeProvider(db);
  ownerKey = (await makeApiKey(db, { provider, role: "OWNER" })).key;
  memberKey = (await makeApiKey(db, { provider, role: "MEMBER" })).key;
  otherKey = (await makeApiKey(db, { provider: await makeProvider(db), role: "OWNER" })).key;
});

const base = (id: string) => `/api/provider/studio/webhooks/${id}`;

async function endpointWithTest(): Promise<{ id: string; messageId: string }> {
  const created = await call(CREATE, "/api/provider/studio/webhooks", {
    key: ownerKey,
    json: { url: "https://hooks.wh-api.example/in", eventTypes: ["listing.updated"] },
  });
  const { id } = await created.json();
  const sent = await call(TEST, `${base(id)}/test`, { key: ownerKey, params: { id } });
  expect(sent.status).toBe(202);
  return { id, messageId: (await sent.json()).messageId };
}

describe("webhook deliveries", () => {
  it("the test button queues webhook.test for that endpoint only; a MEMBER lists and reads it", async () => {
    const { id, messageId } = await endpointWithTest();
    expect(messageId).toMatch(/^msg_[0-9A-Z]{26}$/);
    const list = await call(GET, `${base(id)}/deliveries`, { key: memberKey, params: { id } });
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({
      data: [{ messageId, eventType: "webhook.test", status: "PENDING", attemptCount: 0, lastStatusCode: null }],
      nextCursor: null,
    });
    const [delivery] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.messageId, messageId));
    await getDb()
      .insert(webhookAttempts)
      .values({ deliveryId: delivery!.id, at: new Date(), statusCode: 500, durationMs: 12, responseExcerpt: "oops" });
    const detail = await call(GET_ONE, `${base(id)}/deliveries/${messageId}`, { key: memberKey, params: { id, messageId } });
    const body = await detail.json();
    expect(JSON.parse(body.payload)).toMatchObject({ type: "webhook.test", data: { webhookId: id }, providerSlug: provider.slug });
    expect(body.attempts).toEqual([expect.objectContaining({ statusCode: 500, durationMs: 12, error: null, responseExcerpt: "oops" })]);
  });

  it("pages with a cursor and filters by status", async () => {
    const { id } = await endpointWithTest();
    await call(TEST, `${base(id)}/test`, { key: ownerKey, params: { id } });
    const first = await (await call(GET, `${base(id)}/deliveries?limit=1`, { key: ownerKey, params: { id } })).json();
    expect(first.data).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await (await call(GET, `${base(id)}/deliveries?limit=1&cursor=${first.nextCursor}`, { key: ownerKey, params: { id } })).json();
    expect(second.data).toHaveLength(1);
    expect(second.data[0].messageId).not.toBe(first.data[0].messageId);
    expect(second.nextCursor).toBeNull();
    const failed = await (await call(GET, `${base(id)}/deliveries?status=FAILED`, { key: ownerKey, params: { id } })).json();
    expect(failed.data).toEqual([]);
  });

  it("refuses a MEMBER's test, replay and recover with 403; another provider gets 404", async () => {
    const { id, messageId } = await endpointWithTest();
    await unchangedBy(getDb(), async () => {
      expect((await call(TEST, `${base(id)}/test`, { key: memberKey, params: { id } })).status).toBe(403);
      expect((await call(REPLAY, `${base(id)}/deliveries/${messageId}/replay`, { key: memberKey, params: { id, messageId } })).status).toBe(403);
      expect((await call(RECOVER, `${base(id)}/recover`, { key: memberKey, params: { id }, json: { since: new Date().toISOString() } })).status).toBe(403);
      expect((await call(GET, `${base(id)}/deliveries`, { key: otherKey, params: { id } })).status).toBe(404);
      expect((await call(GET_ONE, `${base(id)}/deliveries/${messageId}`, { key: otherKey, params: { id, messageId } })).status).toBe(404);
    });
  });

  it("replays a FAILED delivery: same message, PENDING and due now, audited", async () => {
    const { id, messageId } = await endpointWithTest();
    await getDb().update(webhookDeliveries).set({ status: "FAILED", attemptCount: 10 }).where(eq(webhookDeliveries.messageId, messageId));
    const response = await call(REPLAY, `${base(id)}/deliveries/${messageId}/replay`, { key: ownerKey, params: { id, messageId } });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ messageId });
    const [row] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.messageId, messageId));
    expect(row).toMatchObject({ status: "PENDING", attemptCount: 0 });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const audit = await getDb().select().from(auditEvents).where(eq(auditEvents.action, "webhook.replayed"));
    expect(audit.some((a) => a.targetId === id)).toBe(true);
  });

  it("answers 409 WEBHOOK_DISABLED to a replay on a disabled endpoint, whose pending deliveries were cancelled", async () => {
    const { id, messageId } = await endpointWithTest();
    await call(PATCH, base(id), { key: ownerKey, params: { id }, method: "PATCH", json: { enabled: false } });
    const [row] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.messageId, messageId));
    expect(row!.status).toBe("CANCELLED");
    const response = await unchangedBy(getDb(), () =>
      call(REPLAY, `${base(id)}/deliveries/${messageId}/replay`, { key: ownerKey, params: { id, messageId } }),
    );
    expect((await problemOf(response)).code).toBe("WEBHOOK_DISABLED");
  });

  it("answers 404 to a replay of a message older than 30 days", async () => {
    const { id, messageId } = await endpointWithTest();
    const old = new Date(Date.now() - 31 * 24 * 3600_000);
    await getDb().update(webhookDeliveries).set({ createdAt: old }).where(eq(webhookDeliveries.messageId, messageId));
    await getDb().update(webhookMessages).set({ createdAt: old }).where(eq(webhookMessages.id, messageId));
    const response = await call(REPLAY, `${base(id)}/deliveries/${messageId}/replay`, { key: ownerKey, params: { id, messageId } });
    expect((await problemOf(response)).code).toBe("NOT_FOUND");
  });

  it("recovers every FAILED delivery since a time, and refuses a time over 30 days ago", async () => {
    const { id, messageId } = await endpointWithTest();
    await getDb().update(webhookDeliveries).set({ status: "FAILED" }).where(eq(webhookDeliveries.messageId, messageId));
    const since = new Date(Date.now() - 3600_000).toISOString();
    const response = await call(RECOVER, `${base(id)}/recover`, { key: ownerKey, params: { id }, json: { since } });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ queued: 1 });
    const tooOld = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
    const refused = await call(RECOVER, `${base(id)}/recover`, { key: ownerKey, params: { id }, json: { since: tooOld } });
    expect((await problemOf(refused)).code).toBe("VALIDATION_FAILED");
  });

  it("allows 10 test sends per endpoint per hour, then 429", async () => {
    const { id } = await endpointWithTest();
    for (let i = 1; i < 10; i++) expect((await call(TEST, `${base(id)}/test`, { key: ownerKey, params: { id } })).status).toBe(202);
    const refused = await call(TEST, `${base(id)}/test`, { key: ownerKey, params: { id } });
    expect((await problemOf(refused)).code).toBe("RATE_LIMITED");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
