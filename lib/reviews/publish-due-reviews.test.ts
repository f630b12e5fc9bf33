import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, inquiries } from "@/db/schema";
import { providerReviewStats, reviews } from "@/db/schema-reviews";
import { makeMember, makeProvider } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { makeReview } from "@/test/support/review-factories";
import { publishDueReviews } from "./publish-due-reviews";

const NOW = new Date("2026-12-01T10:00:00.000Z");
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const pending = (providerId: string, extra: Partial<typeof reviews.$inferInsert> = {}) =>
  makeReview(getDb(), {
    providerId,
    status: "PENDING",
    createdAt: new Date(NOW.getTime() - 25 * HOUR_MS),
    publishAfter: new Date(NOW.getTime() - HOUR_MS),
    ...extra,
  });
const reviewOf = async (id: string) => (await getDb().select().from(reviews).where(eq(reviews.id, id)))[0]!;
const outcome = async (id: string) => {
  const r = await reviewOf(id);
  return { status: r.status, flags: r.flags, publishedAt: r.publishedAt?.toISOString() ?? null };
};

describe("publishDueReviews", () => {
  it("publishes after the cool-off, not before, updates the stats and emails the reviewer and the managers", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const { user: owner } = await makeMember(db, { provider, role: "OWNER" });
    const due = await pending(provider.id, { overall: 4 });
    const early = await pending(provider.id, { publishAfter: new Date(NOW.getTime() + HOUR_MS) });

    expect(await publishDueReviews(db, { now: NOW })).toEqual({ published: 1, held: 0, edits: 0 });
    expect(await outcome(due.id)).toEqual({ status: "PUBLISHED", flags: [], publishedAt: NOW.toISOString() });
    expect((await reviewOf(early.id)).status).toBe("PENDING");
    const [stats] = await db.select().from(providerReviewStats).where(eq(providerReviewStats.providerId, provider.id));
    expect(stats).toMatchObject({ count: 1, sumOverall: 4 });
    const [inquiry] = await db.select().from(inquiries).where(eq(inquiries.id, due.inquiryId));
    const sent = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "REVIEW_PUBLISHED"));
    expect(sent.map((e) => e.to).sort()).toEqual([inquiry!.senderEmail, owner.email].sort());
    expect(await publishDueReviews(db, { now: NOW })).toEqual({ published: 0, held: 0, edits: 0 });
  });

  it("is rating-blind: the same review rated 1 and rated 5 gets the same publishAfter, flags and outcome", async () => {
    const db = getDb();
    const results = [];
    for (const overall of [1, 5]) {
      const provider = await makeProvider(db);
      const plain = await pending(provider.id, { overall, quality: overall, value: overall });
      const withPhone = await pending(provider.id, { overall, body: `Call me on +44 20 7946 0958 for details. ${"x".repeat(40)}` });
      await publishDueReviews(db, { now: NOW });
      results.push([await outcome(plain.id), await outcome(withPhone.id)]);
    }
    expect(results[0]).toEqual(results[1]);
    expect(results[0]![1]).toMatchObject({ status: "PENDING", flags: ["CONTACT_DETAILS"] });
  });

  it("holds a burst of more than 5 reviews in 24 hours, an address in the text, and a late spam mark", async () => {
    const db = getDb();
    const bursty = await makeProvider(db);
    const burst = [];
    for (let i = 0; i < 6; i += 1) burst.push(await pending(bursty.id, { createdAt: new Date(NOW.getTime() - 25 * HOUR_MS - i * HOUR_MS) }));
    const calm = await makeProvider(db);
    const address = await pending(calm.id, { body: `Write to me at ada (at) client.example for the details of our project together.` });
    const lateSpam = await pending(calm.id);
    const [inq] = await db.select().from(inquiries).where(eq(inquiries.id, lateSpam.inquiryId));
    await db
      .update(inquiries)
      .set({ status: "SPAM", statusChangedAt: new Date(inq!.deliveredAt!.getTime() + 72 * HOUR_MS + 60_000) })
      .where(eq(inquiries.id, lateSpam.inquiryId));

    expect(await publishDueReviews(db, { now: NOW })).toEqual({ published: 0, held: 8, edits: 0 });
    for (const r of burst) expect((await outcome(r.id)).flags).toEqual(["BURST"]);
    expect((await outcome(address.id)).flags).toEqual(["CONTACT_DETAILS"]);
    expect((await outcome(lateSpam.id)).flags).toEqual(["LATE_SPAM"]);
    // Held reviews wait for an admin: a later run leaves them alone; the admin's publish takes them.
    await publishDueReviews(db, { now: new Date(NOW.getTime() + DAY_MS) });
    for (const r of [...burst, address, lateSpam]) expect((await outcome(r.id)).status).toBe("PENDING");
    expect(await publishDueReviews(db, { now: NOW, reviewIds: [address.id] })).toEqual({ published: 1, held: 0, edits: 0 });
    expect(await outcome(address.id)).toMatchObject({ status: "PUBLISHED", flags: [] });
  });

  it("replaces a published review's text with its pending edit when the edit's cool-off ends", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const review = await makeReview(db, {
      providerId: provider.id,
      title: "First version",
      overall: 5,
      pendingEdit: { title: "Second version", overall: 3, quality: null },
      pendingEditPublishAfter: new Date(NOW.getTime() + HOUR_MS),
    });
    expect(await publishDueReviews(db, { now: NOW })).toEqual({ published: 0, held: 0, edits: 0 });
    expect((await reviewOf(review.id)).title).toBe("First version");
    const later = new Date(NOW.getTime() + 2 * HOUR_MS);
    expect(await publishDueReviews(db, { now: later })).toEqual({ published: 0, held: 0, edits: 1 });
    expect(await reviewOf(review.id)).toMatchObject({ title: "Second version", overall: 3, pendingEdit: null, editedAt: later, status: "PUBLISHED" });
  });

  it("publishes each review once when two runs overlap", raceTest, async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    for (let i = 0; i < 4; i += 1) await pending(provider.id, { createdAt: new Date(NOW.getTime() - (25 + i * 30) * HOUR_MS) });
    const emailsBefore = (await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "REVIEW_PUBLISHED"))).length;
    const runs = await Promise.all([1, 2, 3].map(() => db.transaction((tx) => publishDueReviews(tx, { now: NOW }))));
    expect(runs.reduce((n, r) => n + r.published, 0)).toBe(4);
    const sent = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "REVIEW_PUBLISHED"));
    expect(sent.length - emailsBefore).toBe(4);
  });
});
