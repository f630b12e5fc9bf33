import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerListingState } from "@/db/schema";
import { reviewDisputes, reviewReplies, reviews } from "@/db/schema-reviews";
import { isAppError } from "@/lib/errors";
import { makeProvider } from "@/test/support/factories";
import { makeReview } from "@/test/support/review-factories";
import { listPublicReviews } from "./list-public-reviews";
import { refreshReviewStats } from "./refresh-review-stats";

const NOW = new Date("2026-11-20T10:00:00.000Z");
const at = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const version = async () => (await getDb().select().from(providerListingState))[0]!.version;
const page = (slug: string, q: Partial<{ sort: "newest" | "highest" | "lowest"; page: number; limit: number }> = {}) =>
  listPublicReviews(getDb(), { slug, sort: "newest", page: 1, limit: 10, ...q });

async function notFound(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return false;
  } catch (error) {
    return isAppError(error) && error.code === "NOT_FOUND";
  }
}

describe("listPublicReviews", () => {
  it("sorts newest, highest and lowest, ties newest first then by id, and pages through them", async () => {
    const db = getDb();
    const p = await makeProvider(db);
    const a = await makeReview(db, { providerId: p.id, overall: 5, publishedAt: at(3), title: "A" });
    const b = await makeReview(db, { providerId: p.id, overall: 2, publishedAt: at(1), title: "B" });
    const c = await makeReview(db, { providerId: p.id, overall: 5, publishedAt: at(2), title: "C" });
    const d = await makeReview(db, { providerId: p.id, overall: 2, publishedAt: at(4), title: "D" });
    await refreshReviewStats(db, { now: NOW, providerIds: [p.id] });

    expect((await page(p.slug)).data.map((r) => r.title)).toEqual(["B", "C", "A", "D"]);
    expect((await page(p.slug, { sort: "highest" })).data.map((r) => r.id)).toEqual([c.id, a.id, b.id, d.id]);
    expect((await page(p.slug, { sort: "lowest" })).data.map((r) => r.id)).toEqual([b.id, d.id, c.id, a.id]);
    const second = await page(p.slug, { sort: "highest", page: 2, limit: 3 });
    expect(second).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(second.data.map((r) => r.id)).toEqual([d.id]);
    expect((await page(p.slug, { page: 3, limit: 3 })).data).toEqual([]);
    expect(second.stats).toMatchObject({ count: 4, average: 3.5, distribution: { "1": 0, "2": 2, "3": 0, "4": 0, "5": 2 } });
  });

  it("shows only PUBLISHED reviews: pending, rejected, removed and withdrawn ones are neither listed nor counted", async () => {
    const db = getDb();
    const p = await makeProvider(db);
    const shown = await makeReview(db, { providerId: p.id });
    for (const status of ["PENDING", "REJECTED", "REMOVED", "WITHDRAWN"] as const) await makeReview(db, { providerId: p.id, status });
    await refreshReviewStats(db, { now: NOW, providerIds: [p.id] });
    const list = await page(p.slug);
    expect(list.data.map((r) => r.id)).toEqual([shown.id]);
    expect(list.total).toBe(1);
    expect(list.stats.count).toBe(1);
  });

  it("answers NOT_FOUND as the profile does: unknown, unapproved and unpublished providers", async () => {
    const db = getDb();
    const hidden = await makeProvider(db, { publicProfile: false });
    const pending = await makeProvider(db, { approvalStatus: "PENDING" });
    await makeReview(db, { providerId: hidden.id });
    expect(await notFound(() => page(hidden.slug))).toBe(true);
    expect(await notFound(() => page(pending.slug))).toBe(true);
    expect(await notFound(() => page("no-such-provider"))).toBe(true);
  });

  it("carries the provider's reply and the dispute label while a dispute is OPEN, and never the reviewer's email", async () => {
    const db = getDb();
    const p = await makeProvider(db, { name: "Replying Studio" });
    const review = await makeReview(db, { providerId: p.id, senderEmail: "reviewer.secret@example.com", display: "INITIALS", reviewerName: "Ada Lovelace" });
    await db.insert(reviewReplies).values({ reviewId: review.id, body: "Thank you, Ada.", createdAt: at(1) });
    const [dispute] = await db
      .insert(reviewDisputes)
      .values({ reviewId: review.id, providerId: p.id, reason: "ABUSIVE", note: "This review insults our staff by name.", dueAt: at(-14) })
      .returning();
    let [shown] = (await page(p.slug)).data;
    expect(shown).toMatchObject({
      underDispute: true,
      reply: { body: "Thank you, Ada.", createdAt: at(1).toISOString(), toEarlierVersion: false },
      reviewer: { display: "INITIALS", name: "A. L.", company: null },
    });
    expect(JSON.stringify(await page(p.slug))).not.toContain("reviewer.secret");
    await db.update(reviewDisputes).set({ status: "REJECTED" }).where(eq(reviewDisputes.id, dispute!.id));
    [shown] = (await page(p.slug)).data;
    expect(shown!.underDispute).toBe(false);
  });
});

describe("the profile's change log (migrations 0016 and 0017)", () => {
  it("bumps the listing version when a reply, a dispute label or a published review's text changes, and not otherwise", async () => {
    const db = getDb();
    const p = await makeProvider(db);
    const review = await makeReview(db, { providerId: p.id });
    const pending = await makeReview(db, { providerId: p.id, status: "PENDING" });
    const bumps = async (write: () => Promise<unknown>) => {
      const before = await version();
      await write();
      return (await version()) !== before;
    };
    expect(await bumps(() => db.insert(reviewReplies).values({ reviewId: review.id, body: "Thanks." }))).toBe(true);
    expect(await bumps(() => db.update(reviewReplies).set({ body: "Thanks!" }).where(eq(reviewReplies.reviewId, review.id)))).toBe(true);
    const opened = await db
      .insert(reviewDisputes)
      .values({ reviewId: review.id, providerId: p.id, reason: "ABUSIVE", note: "Abusive words about a named person.", dueAt: at(-14) })
      .returning();
    expect(opened).toHaveLength(1);
    expect(await bumps(() => db.update(reviewDisputes).set({ reviewerAnswer: "It was fair." }).where(eq(reviewDisputes.reviewId, review.id)))).toBe(false);
    expect(await bumps(() => db.update(reviewDisputes).set({ status: "EXPIRED" }).where(eq(reviewDisputes.reviewId, review.id)))).toBe(true);
    expect(await bumps(() => db.update(reviews).set({ body: `${review.body} Edited.`, editedAt: NOW }).where(eq(reviews.id, review.id)))).toBe(true);
    expect(await bumps(() => db.update(reviews).set({ verification: "CONFIRMED_BY_BOTH" }).where(eq(reviews.id, review.id)))).toBe(true);
    expect(await bumps(() => db.update(reviews).set({ flags: ["BURST"] }).where(eq(reviews.id, review.id)))).toBe(false);
    expect(await bumps(() => db.update(reviews).set({ verification: "CONFIRMED_BY_BOTH" }).where(eq(reviews.id, review.id)))).toBe(false);
    expect(await bumps(() => db.update(reviews).set({ body: `${pending.body} Edited.` }).where(eq(reviews.id, pending.id)))).toBe(false);
    expect(await bumps(() => db.insert(reviewReplies).values({ reviewId: pending.id, body: "Not shown." }))).toBe(false);
  });

  it("changes nothing public for a provider that is not listed", async () => {
    const db = getDb();
    const p = await makeProvider(db, { publicProfile: false });
    const review = await makeReview(db, { providerId: p.id });
    const before = await version();
    await db.insert(reviewReplies).values({ reviewId: review.id, body: "Thanks." });
    expect(await version()).toBe(before);
  });
});
