import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema-webhooks";
import { openEndpointSecret, webhookConfig } from "@/lib/webhooks/webhook-config";
import { env } from "@/lib/config/env";
import { withEnv } from "@/test/support/env";
import { makeMember, makeProviderWithOwner } from "@/test/support/factories";
import { signInAs } from "@/test/support/next-request";
import { unchangedBy } from "@/test/support/snapshot";
import { enableWebhooksForFile } from "@/test/support/webhook-api-kit";
import {
  createWebhookAction,
  recoverWebhookDeliveriesAction,
  replayWebhookDeliveryAction,  rotateWebhookSecretAction,
  sendTestWebhookAction,
} from "./webhooks";

vi.mock("next/headers", () => import("@/test/support/next-request"));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("node:dns/promises", async (importOriginal) => (await import("@/test/support/webhook-api-kit")).fakeDnsModule(importOriginal));
enableWebhooksForFile();

const INPUT = { url: "https://hooks.wh-api.example/studio", description: "", eventTypes: ["listing.updated" as const] };

describe("studio webhook actions", () => {
  it("an OWNER adds an endpoint and sees the secret once; it is stored sealed and opens to the same value", async () => {
    const db = getDb();
    const { owner } = await makeProviderWithOwner(db);
    await signInAs(db, owner.user.id);
    const result = await createWebhookAction(INPUT);
    if (!result.ok) throw new Error(result.message);
    expect(result.data).toMatchObject({ url: INPUT.url, description: null, eventTypes: ["listing.updated"], enabled: true });
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, result.data.id));
    expect(openEndpointSecret(webhookConfig(env())!.key, row!.id, row!.secretSealed)).toBe(result.data.secret);

    const rotated = await rotateWebhookSecretAction({ endpointId: row!.id, overlapHours: 0 });
    if (!rotated.ok) throw new Error(rotated.message);
    expect(rotated.data.secret).not.toBe(result.data.secret);
    const [after] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row!.id));
    expect(after).toMatchObject({ previousSecretSealed: null, previousSecretExpiresAt: null });
  });

  it("the test button queues a delivery, and a replay sets it back to PENDING", async () => {
    const db = getDb();
    const { owner } = await makeProviderWithOwner(db);
    await signInAs(db, owner.user.id);
    const created = await createWebhookAction(INPUT);
    if (!created.ok) throw new Error(created.message);
    const sent = await sendTestWebhookAction({ endpointId: created.data.id });
    if (!sent.ok) throw new Error(sent.message);
    await db.update(webhookDeliveries).set({ status: "SUCCEEDED" }).where(eq(webhookDeliveries.messageId, sent.data.messageId));
    expect(await replayWebhookDeliveryAction({ endpointId: created.data.id, messageId: sent.data.messageId })).toMatchObject({ ok: true });
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.messageId, sent.data.messageId));
    expect(delivery!.status).toBe("PENDING");
  });

  it("resend failed puts the endpoint's FAILED deliveries since the chosen time back to PENDING, and no other", async () => {
    const db = getDb();
    const { owner } = await makeProviderWithOwner(db);
    await signInAs(db, owner.user.id);
    const created = await createWebhookAction(INPUT);
    if (!created.ok) throw new Error(created.message);
    const failed = await sendTestWebhookAction({ endpointId: created.data.id });
    const succeeded = await sendTestWebhookAction({ endpointId: created.data.id });
    if (!failed.ok || !succeeded.ok) throw new Error("the test events were not queued");
    await db.update(webhookDeliveries).set({ status: "FAILED" }).where(eq(webhookDeliveries.messageId, failed.data.messageId));
    await db.update(webhookDeliveries).set({ status: "SUCCEEDED" }).where(eq(webhookDeliveries.messageId, succeeded.data.messageId));
    const since = new Date(Date.now() - 3_600_000).toISOString();
    expect(await recoverWebhookDeliveriesAction({ endpointId: created.data.id, since })).toMatchObject({ ok: true, data: { queued: 1 } });
    const statuses = await db.select({ messageId: webhookDeliveries.messageId, status: webhookDeliveries.status }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.data.id));
    expect(Object.fromEntries(statuses.map((d) => [d.messageId, d.status]))).toEqual({ [failed.data.messageId]: "PENDING", [succeeded.data.messageId]: "SUCCEEDED" });

    const tooOld = new Date(Date.now() - 31 * 86_400_000).toISOString();
    expect(await recoverWebhookDeliveriesAction({ endpointId: created.data.id, since: tooOld })).toMatchObject({ ok: false, code: "VALIDATION_FAILED" });
  });

  it("refuses a MEMBER, and changes nothing", async () => {
    const db = getDb();
    const { provider } = await makeProviderWithOwner(db);
    const member = await makeMember(db, { provider, role: "MEMBER" });
    await signInAs(db, member.user.id);
    const result = await unchangedBy(db, () => createWebhookAction(INPUT));
    expect(result).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });

  it("answers SERVICE_UNAVAILABLE without WEBHOOK_ENCRYPTION_KEY", async () => {
    const db = getDb();
    const { owner } = await makeProviderWithOwner(db);
    await signInAs(db, owner.user.id);
    const result = await withEnv({ WEBHOOK_ENCRYPTION_KEY: undefined }, () => createWebhookAction(INPUT));
    expect(result).toMatchObject({ ok: false, code: "SERVICE_UNAVAILABLE" });
  });
});
