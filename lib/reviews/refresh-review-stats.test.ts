import { eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerListingChanges, providerListingState, providers } from "@/db/schema";
import { providerReviewStats, reviews } from "@/db/schema-reviews";
import { makeProvider } from "@/test/support/factories";
import { makeReview } from "@/test/support/review-factories";
import { refreshReviewStats } from "./refresh-review-stats";
import { serializeReviewStats } from "./serialize-review";

const NOW = new Date("2026-12-01T10:00:00.000Z");
const DAY_MS = 86_400_000;
const listed = { approvalStatus: "APPROVED" as const, publicProfile: true };
const version = async () => (await getDb().select().from(providerListingState))[0]!.version;
const statsOf = async (providerId: string) =>
  (await getDb().select().from(providerReviewStats).where(eq(providerReviewStats.providerId, providerId)))[0];

describe("refreshReviewStats", () => {
  it("matches a hand computation: average, distribution, recommend share, sub-ratings from 3 ratings, Bayesian value", async () => {
    const db = getDb();
    const provider = await makeProvider(db, listed);
    const at = new Date(NOW.getTime() - DAY_MS);
    await makeReview(db, { providerId: provider.id, overall: 5, quality: 4, wouldRecommend: true, publishedAt: at });
    await makeReview(db, { providerId: provider.id, overall: 4, quality: 5, schedule: 3, wouldRecommend: true, publishedAt: at });
    await makeReview(db, { providerId: provider.id, overall: 2, quality: 3, wouldRecommend: false, publishedAt: at });
    // Outside the 24-month window: counted in the public figures, not in the ranking's.
    await makeReview(db, { providerId: provider.id, overall: 1, wouldRecommend: false, publishedAt: new Date(NOW.getTime() - 800 * DAY_MS) });
    // Not published: counted nowhere.
    await makeReview(db, { providerId: provider.id, overall: 1, status: "PENDING" });
    await makeReview(db, { providerId: provider.id, overall: 1, status: "WITHDRAWN", publishedAt: at });

    await refreshReviewStats(db, { now: NOW, providerIds: [provider.id] });
    const stats = serializeReviewStats(await statsOf(provider.id));
    expect(stats).toEqual({
      count: 4,
      average: 3, // (5 + 4 + 2 + 1) / 4
      distribution: { "1": 1, "2": 1, "3": 0, "4": 1, "5": 1 },
      recommendShare: 0.5,
      subRatings: { quality: 4, schedule: null, communication: null, value: null },
      bayesian24m: 3.5625, // (5 × 3.5 + 11) / (5 + 3) = 28.5 / 8
    });
    const [ranked] = await db.select().from(providers).where(eq(providers.id, provider.id));
    expect(ranked!.rankComponents).toMatchObject({ reviews: { count: 3, average: 3.67 } });
  });

  it("hides the average and recommend share below 3 reviews, and a provider with none reads as no reviews", async () => {
    const db = getDb();
    const provider = await makeProvider(db, listed);
    expect(serializeReviewStats(undefined)).toMatchObject({ count: 0, average: null, recommendShare: null, bayesian24m: 3.5 });
    await makeReview(db, { providerId: provider.id, overall: 5, quality: 5, schedule: 5, communication: 5, value: 5 });
    await makeReview(db, { providerId: provider.id, overall: 4, quality: 5, schedule: 5, communication: 5, value: 5 });
    await refreshReviewStats(db, { now: NOW, providerIds: [provider.id] });
    expect(serializeReviewStats(await statsOf(provider.id))).toMatchObject({
      count: 2,
      average: null,
      recommendShare: null,
      subRatings: { quality: null, schedule: null, communication: null, value: null },
    });
  });

  it("bumps the listing version when a withdrawal changes the figures, and not when nothing changed", async () => {
    const db = getDb();
    const provider = await makeProvider(db, listed);
    const review = await makeReview(db, { providerId: provider.id, overall: 5 });
    await refreshReviewStats(db, { now: NOW, providerIds: [provider.id] });
    const before = await version();
    await refreshReviewStats(db, { now: new Date(NOW.getTime() + 60_000), providerIds: [provider.id] });
    expect(await version()).toBe(before);

    await db.update(reviews).set({ status: "WITHDRAWN" }).where(eq(reviews.id, review.id));
    await refreshReviewStats(db, { now: NOW, providerIds: [provider.id] });
    expect(await version()).not.toBe(before);
    const changes = await db.select().from(providerListingChanges).where(gt(providerListingChanges.seq, Number(before)));
    expect(changes.map((c) => c.providerId)).toContain(provider.id);
    expect((await statsOf(provider.id))!.count).toBe(0);
  });
});
