import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents } from "@/db/schema";
import { providerReviewStats, reviewDisputes, reviews } from "@/db/schema-reviews";
import { raceTest } from "@/test/support/races";
import { makeReview } from "@/test/support/review-factories";
import { mailsTo, moderationCast } from "@/test/support/review-moderation-kit";
import { unchangedBy } from "@/test/support/snapshot";
import { readListingVersion } from "@/lib/listing-cache/listing-version";
import { answerReviewDispute } from "./answer-review-dispute";
import { decideReviewDispute } from "./decide-review-dispute";
import { editReviewReply } from "./edit-review-reply";
import { expireReviewDisputes } from "./expire-review-disputes";
import { findDisputeForAnswer } from "./find-dispute-for-answer";
import { listProviderReviews } from "./list-provider-reviews";
import { openReviewDispute } from "./open-review-dispute";
import { refreshReviewStats } from "./refresh-review-stats";
import { replyToReview } from "./reply-to-review";

const DAY = 86_400_000;
const NOTE = "The reviewer never contracted with us; we have no record of them.";

async function underDispute(providerId: string, reviewId: string): Promise<boolean | undefined> {
  const list = await listProviderReviews(getDb(), { providerId, status: "PUBLISHED", page: 1, limit: 100 });
  return list.data.find((r) => r.id === reviewId)?.underDispute;
}

/** A dispute row written directly, for the limits (created and decided when told). */
async function pastDispute(providerId: string, values: Partial<typeof reviewDisputes.$inferInsert>) {
  const review = await makeReview(getDb(), { providerId });
  await getDb()
    .insert(reviewDisputes)
    .values({ reviewId: review.id, providerId, reason: "ABUSIVE", note: NOTE, dueAt: new Date(Date.now() + 14 * DAY), ...values });
}

function tokenFrom(text: string): string {
  return /token=([A-Za-z0-9_-]{43})/.exec(text)![1]!;
}

describe("disputing a review", () => {
  it("keeps the review published and labelled; the reviewer is asked once and can answer; uphold removes it and recomputes the figures", async () => {
    const db = getDb();
    const { provider, owner, admin, managers } = await moderationCast(db);
    const reviewer = "disputed-client@example.com";
    const review = await makeReview(db, { providerId: provider.id, senderEmail: reviewer, overall: 1 });
    await makeReview(db, { providerId: provider.id, overall: 5 });
    await refreshReviewStats(db, { now: new Date(), providerIds: [provider.id] });
    const now = new Date();

    const opened = await openReviewDispute(db, { providerId: provider.id, reviewId: review.id, reason: "NO_ENGAGEMENT", note: NOTE, caller: owner, now });
    expect(opened.dueAt).toBe(new Date(now.getTime() + 14 * DAY).toISOString());
    expect(await underDispute(provider.id, review.id)).toBe(true);
    await expect(
      openReviewDispute(db, { providerId: provider.id, reviewId: review.id, reason: "ABUSIVE", note: NOTE, caller: owner, now }),
    ).rejects.toMatchObject({ code: "DISPUTE_OPEN" });

    const [request] = await mailsTo(db, "REVIEW_DISPUTE_REQUEST", [reviewer]);
    expect(request!.text).toContain("/reviews/dispute?token=");
    expect(request!.text).not.toContain(NOTE);
    const token = tokenFrom(request!.text ?? "");
    expect(await findDisputeForAnswer(db, { token })).toMatchObject({ reason: "NO_ENGAGEMENT", status: "OPEN", answer: null });
    await answerReviewDispute(db, { token, answer: "We worked together from March to May." });
    expect((await findDisputeForAnswer(db, { token })).answer).toBe("We worked together from March to May.");
    expect(await underDispute(provider.id, review.id)).toBe(true);

    const decided = await decideReviewDispute(db, { disputeId: opened.id, decision: "UPHOLD", note: "No engagement on record.", caller: admin });
    expect(decided.status).toBe("UPHELD");
    const [after] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(after).toMatchObject({ status: "REMOVED", decisionReason: "NOT_A_REAL_ENGAGEMENT", decisionNote: "No engagement on record." });
    const [stats] = await db.select().from(providerReviewStats).where(eq(providerReviewStats.providerId, provider.id));
    expect(stats).toMatchObject({ count: 1, sumOverall: 5 });
    expect((await mailsTo(db, "REVIEW_DISPUTE_DECIDED", [reviewer, ...managers])).map((m) => m.to).sort()).toEqual([reviewer, ...managers].sort());
    const removed = await listProviderReviews(db, { providerId: provider.id, status: "REMOVED", page: 1, limit: 10 });
    expect(removed.data[0]).toMatchObject({ id: review.id, removal: { reason: "NOT_A_REAL_ENGAGEMENT" }, dispute: { status: "UPHELD" } });

    // The decision is final: a second one, and a late answer, change nothing.
    await unchangedBy(db, async () => {
      await expect(decideReviewDispute(db, { disputeId: opened.id, decision: "REJECT", caller: admin })).rejects.toMatchObject({ code: "CONFLICT" });
      await expect(answerReviewDispute(db, { token, answer: "Too late" })).rejects.toMatchObject({ code: "CONFLICT" });
    });
    const audit = await db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, review.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["review.dispute_opened", "review.dispute_upheld"]);
  });

  it("reject clears the label and keeps the review and its figures", async () => {
    const db = getDb();
    const { provider, owner, admin } = await moderationCast(db);
    const review = await makeReview(db, { providerId: provider.id });
    const opened = await openReviewDispute(db, { providerId: provider.id, reviewId: review.id, reason: "ABUSIVE", note: NOTE, caller: owner });
    await decideReviewDispute(db, { disputeId: opened.id, decision: "REJECT", caller: admin });
    expect(await underDispute(provider.id, review.id)).toBe(false);
    const [after] = await db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, review.id));
    expect(after!.status).toBe("PUBLISHED");
  });

  it("with no decision by dueAt the dispute expires, the label goes and the review stays (fake clock)", async () => {
    const db = getDb();
    const { provider, owner, admin } = await moderationCast(db);
    const review = await makeReview(db, { providerId: provider.id });
    const t0 = new Date("2026-01-01T10:00:00Z");
    const opened = await openReviewDispute(db, { providerId: provider.id, reviewId: review.id, reason: "ABUSIVE", note: NOTE, caller: owner, now: t0 });
    const due = new Date(opened.dueAt);
    expect(await expireReviewDisputes(db, { now: new Date(due.getTime() - 1) })).toEqual({ disputesExpired: 0 });
    expect(await underDispute(provider.id, review.id)).toBe(true);
    expect(await expireReviewDisputes(db, { now: due })).toEqual({ disputesExpired: 1 });
    expect(await expireReviewDisputes(db, { now: due })).toEqual({ disputesExpired: 0 });
    expect(await underDispute(provider.id, review.id)).toBe(false);
    const [row] = await db.select().from(reviewDisputes).where(eq(reviewDisputes.id, opened.id));
    expect(row).toMatchObject({ status: "EXPIRED", decidedBy: "system" });
    await expect(decideReviewDispute(db, { disputeId: opened.id, decision: "UPHOLD", caller: admin, now: due })).rejects.toMatchObject({ code: "CONFLICT" });
    const [kept] = await db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, review.id));
    expect(kept!.status).toBe("PUBLISHED");
  });

  it("refuses a MEMBER (403) and another provider's review (404)", async () => {
    const db = getDb();
    const { provider, member } = await moderationCast(db);
    const other = await moderationCast(db);
    const review = await makeReview(db, { providerId: provider.id });
    await unchangedBy(db, async () => {
      await expect(openReviewDispute(db, { providerId: provider.id, reviewId: review.id, reason: "ABUSIVE", note: NOTE, caller: member })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(
        openReviewDispute(db, { providerId: other.provider.id, reviewId: review.id, reason: "ABUSIVE", note: NOTE, caller: other.owner }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  });
});

describe("dispute limits", () => {
  it("allows exactly 3 open disputes; the 4th is 429 with Retry-After until the first is due", async () => {
    const db = getDb();
    const { provider, owner } = await moderationCast(db);
    const now = new Date();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await makeReview(db, { providerId: provider.id })).id);
    for (const id of ids.slice(0, 3)) await openReviewDispute(db, { providerId: provider.id, reviewId: id, reason: "ABUSIVE", note: NOTE, caller: owner, now });
    const refused = await openReviewDispute(db, { providerId: provider.id, reviewId: ids[3]!, reason: "ABUSIVE", note: NOTE, caller: owner, now }).catch((e) => e);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", headers: { "Retry-After": String(14 * 86_400) } });
  });

  it("allows exactly 10 disputes in 90 days; the 11th is 429 until the oldest leaves the window", async () => {
    const db = getDb();
    const { provider, owner } = await moderationCast(db);
    const now = new Date();
    const oldest = new Date(now.getTime() - 80 * DAY);
    await pastDispute(provider.id, { createdAt: oldest, status: "EXPIRED" });
    for (let i = 0; i < 8; i++) await pastDispute(provider.id, { createdAt: new Date(now.getTime() - (70 - i) * DAY), status: "UPHELD" });
    // 9 in the window: the 10th is allowed, the 11th is not.
    const a = await makeReview(db, { providerId: provider.id });
    await openReviewDispute(db, { providerId: provider.id, reviewId: a.id, reason: "ABUSIVE", note: NOTE, caller: owner, now });
    const b = await makeReview(db, { providerId: provider.id });
    const refused = await openReviewDispute(db, { providerId: provider.id, reviewId: b.id, reason: "ABUSIVE", note: NOTE, caller: owner, now }).catch((e) => e);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", headers: { "Retry-After": String(10 * 86_400) } });
    // A dispute 90 days old no longer counts.
    await db.update(reviewDisputes).set({ createdAt: new Date(now.getTime() - 90 * DAY) }).where(eq(reviewDisputes.createdAt, oldest));
    await openReviewDispute(db, { providerId: provider.id, reviewId: b.id, reason: "ABUSIVE", note: NOTE, caller: owner, now });
  });

  it("3 rejected disputes within 90 days suspend disputes for 90 days from the third; 2 do not", async () => {
    const db = getDb();
    const { provider, owner } = await moderationCast(db);
    const now = new Date();
    const third = new Date(now.getTime() - 10 * DAY);
    await pastDispute(provider.id, { status: "REJECTED", createdAt: new Date(now.getTime() - 80 * DAY), decidedAt: new Date(now.getTime() - 70 * DAY) });
    await pastDispute(provider.id, { status: "REJECTED", createdAt: new Date(now.getTime() - 40 * DAY), decidedAt: new Date(now.getTime() - 30 * DAY) });
    const review = await makeReview(db, { providerId: provider.id });
    const d = await openReviewDispute(db, { providerId: provider.id, reviewId: review.id, reason: "ABUSIVE", note: NOTE, caller: owner, now: new Date(now.getTime() - 20 * DAY) });
    await db.update(reviewDisputes).set({ status: "REJECTED", decidedAt: third }).where(eq(reviewDisputes.id, d.id));
    const other = await makeReview(db, { providerId: provider.id });
    const open = (at: Date) => openReviewDispute(db, { providerId: provider.id, reviewId: other.id, reason: "ABUSIVE", note: NOTE, caller: owner, now: at });
    await expect(open(now)).rejects.toMatchObject({ code: "DISPUTES_SUSPENDED" });
    await expect(open(new Date(third.getTime() + 90 * DAY - 1))).rejects.toMatchObject({ code: "DISPUTES_SUSPENDED" });
    await expect(open(new Date(third.getTime() + 90 * DAY))).resolves.toMatchObject({ id: expect.any(String) });
  });

  it("holds the open limit exactly when five disputes are opened at once", raceTest, async () => {
    const db = getDb();
    const { provider, owner } = await moderationCast(db);
    const reviewIds = [];
    for (let i = 0; i < 5; i++) reviewIds.push((await makeReview(db, { providerId: provider.id })).id);
    const results = await Promise.allSettled(
      reviewIds.map((reviewId) => openReviewDispute(db, { providerId: provider.id, reviewId, reason: "ABUSIVE", note: NOTE, caller: owner })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const open = await db.select().from(reviewDisputes).where(and(eq(reviewDisputes.providerId, provider.id), eq(reviewDisputes.status, "OPEN")));
    expect(open).toHaveLength(3);
  });
});

describe("deciding a dispute at once twice", () => {
  it("yields one outcome and one email per side", raceTest, async () => {
    const db = getDb();
    const { provider, owner, admin, managers } = await moderationCast(db);
    const reviewer = "race-client@example.com";
    const review = await makeReview(db, { providerId: provider.id, senderEmail: reviewer });
    const opened = await openReviewDispute(db, { providerId: provider.id, reviewId: review.id, reason: "ABUSIVE", note: NOTE, caller: owner });
    const results = await Promise.allSettled([
      decideReviewDispute(db, { disputeId: opened.id, decision: "UPHOLD", caller: admin }),
      decideReviewDispute(db, { disputeId: opened.id, decision: "REJECT", caller: admin }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
    expect(await mailsTo(db, "REVIEW_DISPUTE_DECIDED", [reviewer, ...managers])).toHaveLength(3);
  });
});

describe("the listing version (cached profiles show the reply and the label)", () => {
  it("moves when a reply is written or edited and when a dispute opens or closes, not when the reviewer answers", async () => {
    const db = getDb();
    const { provider, owner, admin } = await moderationCast(db);
    const review = await makeReview(db, { providerId: provider.id });
    const moved = async (change: () => Promise<unknown>) => {
      const before = await readListingVersion(db);
      await change();
      return (await readListingVersion(db)) !== before;
    };
    expect(await moved(() => replyToReview(db, { providerId: provider.id, reviewId: review.id, body: "Thanks!", caller: owner }))).toBe(true);
    expect(await moved(() => editReviewReply(db, { providerId: provider.id, reviewId: review.id, body: "Thank you!", caller: owner }))).toBe(true);
    const opened = await openReviewDispute(db, { providerId: provider.id, reviewId: review.id, reason: "ABUSIVE", note: NOTE, caller: owner });
    const [row] = await db.select({ tokenHash: reviewDisputes.answerTokenHash }).from(reviewDisputes).where(eq(reviewDisputes.id, opened.id));
    expect(row!.tokenHash).toBeTruthy();
    expect(await moved(() => db.update(reviewDisputes).set({ reviewerAnswer: "My side." }).where(eq(reviewDisputes.id, opened.id)))).toBe(false);
    expect(await moved(() => decideReviewDispute(db, { disputeId: opened.id, decision: "REJECT", caller: admin }))).toBe(true);
  });
});
