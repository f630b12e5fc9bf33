import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { WebhookEventType } from "@/db/enums";
import { inquiries, type Provider } from "@/db/schema";
import { webhookDeliveries, webhookEndpoints, webhookMessages } from "@/db/schema-webhooks";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { hideStaleListing } from "@/lib/freshness/hide-stale-listing";
import { changeInquiryStatus } from "@/lib/inquiries/change-inquiry-status";
import { markEngagement } from "@/lib/inquiries/mark-engagement";
import { verifyInquiry } from "@/lib/inquiries/verify-inquiry";
import { eraseMailbox } from "@/lib/privacy/erase-mailbox";
import { mailboxHash } from "@/lib/privacy/mailbox-hash";
import { publishListing, unpublishListing } from "@/lib/providers/set-listing-visibility";
import { setProviderApproval } from "@/lib/providers/set-provider-approval";
import { updateListing } from "@/lib/providers/update-listing";
import { publishDueReviews } from "@/lib/reviews/publish-due-reviews";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { makeReview } from "@/test/support/review-factories";
import { callerAs } from "@/test/support/team-test-kit";
import { makeWebhookEndpoint, testWebhookConfig } from "@/test/support/webhook-dispatch-kit";

// Each event is written by the action that causes it, in its transaction (extensions §8), and fanned
// out to the provider's subscribed endpoint; a rolled-back action leaves no message.

const config = testWebhookConfig();
const owner = callerAs({ type: "API_KEY", id: null, label: "wh-dispatch key" }, "OWNER");

beforeEach(async () => {
  await getDb().delete(webhookMessages);
  await getDb().delete(webhookEndpoints);
});

async function subscribed(overrides: Partial<Provider> = {}) {
  const db = getDb();
  const provider = await makeProvider(db, { slug: `wh-dispatch-${Math.random().toString(36).slice(2, 10)}`, ...overrides });
  const { endpoint } = await makeWebhookEndpoint(db, { provider, config, url: "https://hooks.example.com/in" });
  return { db, provider, endpoint };
}

/** The provider's messages, as receivers get them: type and parsed envelope. */
async function messages(providerId: string, type?: WebhookEventType) {
  const rows = await getDb().select().from(webhookMessages).where(eq(webhookMessages.providerId, providerId)).orderBy(webhookMessages.id);
  return rows
    .filter((m) => !type || m.type === type)
    .map((m) => ({ id: m.id, type: m.type, envelope: JSON.parse(m.payload) as { type: string; providerSlug: string; data: Record<string, unknown> } }));
}

describe("inquiry events", () => {
  it("inquiry.created when the sender confirms (not before), with one PENDING delivery", async () => {
    const { db, provider, endpoint } = await subscribed();
    const token = createVerificationToken();
    const inquiry = await makeInquiry(db, { providerId: provider.id, status: "AWAITING_VERIFICATION", tokenHash: token.hash, tokenExpiresAt: token.expiresAt });
    expect(await messages(provider.id)).toEqual([]);

    await verifyInquiry(db, { token: token.token });
    const [created] = await messages(provider.id, "inquiry.created");
    expect(created!.envelope).toMatchObject({ type: "inquiry.created", providerSlug: provider.slug, data: { inquiry: { id: inquiry.id, status: "NEW" } } });
    const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.messageId, created!.id));
    expect(deliveries).toMatchObject([{ endpointId: endpoint.id, status: "PENDING" }]);
  });

  it("inquiry.updated on a status change and on the engagement mark", async () => {
    const { db, provider } = await subscribed();
    const inquiry = await makeInquiry(db, { providerId: provider.id });
    await changeInquiryStatus(db, { providerId: provider.id, inquiryId: inquiry.id, status: "REPLIED", caller: owner });
    await markEngagement(db, { providerId: provider.id, inquiryId: inquiry.id, caller: owner });
    const updates = (await messages(provider.id, "inquiry.updated")).map((m) => m.envelope.data);
    expect(updates).toHaveLength(2);
    expect(updates[0]).toEqual({ inquiry: { id: inquiry.id, status: "REPLIED", previousStatus: "NEW", engagedAt: null } });
    expect(updates[1]).toMatchObject({ inquiry: { id: inquiry.id, status: "REPLIED", previousStatus: "REPLIED", engagedAt: expect.any(String) } });
  });

  it("inquiry.erased when the sender's data is erased", async () => {
    const { db, provider } = await subscribed();
    const inquiry = await makeInquiry(db, { providerId: provider.id, senderEmail: "wh-dispatch-sender@example.com" });
    await db.transaction((tx) => eraseMailbox(tx, { mailbox: { hash: mailboxHash("wh-dispatch-sender@example.com"), address: "wh-dispatch-sender@example.com" }, now: new Date() }));
    expect((await messages(provider.id, "inquiry.erased")).map((m) => m.envelope.data)).toEqual([{ inquiry: { id: inquiry.id } }]);
    const [erased] = await db.select().from(inquiries).where(eq(inquiries.id, inquiry.id));
    expect(erased!.senderEmail).toBe("");
  });
});

describe("listing events", () => {
  it("listing.updated on a save, with the changed fields; a rolled-back save leaves no message", async () => {
    const { db, provider } = await subscribed();
    await updateListing(db, { providerId: provider.id, changes: { headline: "Sharper headline" }, caller: owner });
    expect((await messages(provider.id, "listing.updated")).map((m) => m.envelope.data)).toEqual([
      { listing: { slug: provider.slug, changedFields: ["headline"] } },
    ]);

    await expect(
      db.transaction(async (tx) => {
        await updateListing(tx, { providerId: provider.id, changes: { headline: "Never saved" }, caller: owner });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await messages(provider.id, "listing.updated")).toHaveLength(1);
  });

  it("listing.unpublished with its reason (PROVIDER, SUSPENDED, STALE) and listing.published when it shows again", async () => {
    const { db, provider } = await subscribed();
    await unpublishListing(db, { providerId: provider.id, caller: owner });
    await publishListing(db, { providerId: provider.id, caller: owner });
    await setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note: "Checking the webhook events", actor: CLI_ACTOR });
    await setProviderApproval(db, { providerId: provider.id, status: "APPROVED", actor: CLI_ACTOR });
    await hideStaleListing(db, { providerId: provider.id, now: new Date() });
    const events = (await messages(provider.id)).filter((m) => m.type !== "listing.updated").map((m) => [m.type, m.envelope.data]);
    expect(events).toEqual([
      ["listing.unpublished", { listing: { slug: provider.slug, reason: "PROVIDER" } }],
      ["listing.published", { listing: { slug: provider.slug, publishedAt: expect.any(String) } }],
      ["listing.unpublished", { listing: { slug: provider.slug, reason: "SUSPENDED" } }],
      ["listing.published", { listing: { slug: provider.slug, publishedAt: expect.any(String) } }],
      ["listing.unpublished", { listing: { slug: provider.slug, reason: "STALE" } }],
    ]);
  });

  it("no event when what the public sees does not change (unpublishing a suspended listing)", async () => {
    const { db, provider } = await subscribed({ approvalStatus: "SUSPENDED" });
    await unpublishListing(db, { providerId: provider.id, caller: owner });
    expect(await messages(provider.id, "listing.unpublished")).toEqual([]);
  });
});

describe("review events", () => {
  it("review.published when a review's cool-off ends, with its overall rating", async () => {
    const { db, provider } = await subscribed();
    const now = new Date();
    const review = await makeReview(db, { providerId: provider.id, status: "PENDING", overall: 4, createdAt: new Date(now.getTime() - 25 * 3600_000), publishAfter: new Date(now.getTime() - 3600_000) });
    await publishDueReviews(db, { now });
    expect((await messages(provider.id, "review.published")).map((m) => m.envelope.data)).toEqual([{ review: { id: review.id, overall: 4 } }]);
  });
});

describe("a provider without an endpoint", () => {
  it("gets no message and no delivery", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    await updateListing(db, { providerId: provider.id, changes: { headline: "Quiet" }, caller: owner });
    expect(await messages(provider.id)).toEqual([]);
  });
});
