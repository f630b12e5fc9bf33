import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents } from "@/db/schema";
import { providerNotices, providerReviewStats, reviewReports, reviews } from "@/db/schema-reviews";
import { readListingVersion } from "@/lib/listing-cache/listing-version";
import { raceTest } from "@/test/support/races";
import { makeReview } from "@/test/support/review-factories";
import { mailsTo, moderationCast } from "@/test/support/review-moderation-kit";
import { unchangedBy } from "@/test/support/snapshot";
import { addProviderNotice } from "./add-provider-notice";
import { closeReviewReport } from "./close-review-report";
import { expireProviderNotices } from "./expire-provider-notices";
import { listActiveNotices } from "./list-active-notices";
import { listHeldReviews } from "./list-held-reviews";
import { listOpenReviewReports } from "./list-open-review-reports";
import { publishHeldReview } from "./publish-held-review";
import { refreshReviewStats } from "./refresh-review-stats";
import { rejectHeldReview } from "./reject-held-review";
import { removeProviderNotice } from "./remove-provider-notice";
import { removeReview } from "./remove-review";

const DAY = 86_400_000;

describe("held reviews", () => {
  it("lists pending reviews with flags, with their text and never a rating", async () => {
    const db = getDb();
    const { provider } = await moderationCast(db);
    const held = await makeReview(db, { providerId: provider.id, status: "PENDING", flags: ["CONTACT_DETAILS"], overall: 2 });
    await makeReview(db, { providerId: provider.id, status: "PENDING" });
    const list = await listHeldReviews(db, { limit: 100 });
    const mine = list.filter((r) => r.providerSlug === provider.slug);
    expect(mine.map((r) => r.id)).toEqual([held.id]);
    expect(mine[0]).toMatchObject({ flags: ["CONTACT_DETAILS"], title: held.title, body: held.body });
    expect(Object.keys(mine[0]!)).not.toEqual(expect.arrayContaining(["overall"]));
  });

  it("reject: REJECTED with the reason, the reviewer emailed once; a second decision is 'already decided' and changes nothing", async () => {
    const db = getDb();
    const { provider, admin } = await moderationCast(db);
    const reviewer = "held-client@example.com";
    const review = await makeReview(db, { providerId: provider.id, senderEmail: reviewer, status: "PENDING", flags: ["BURST"] });
    await rejectHeldReview(db, { reviewId: review.id, reason: "SPAM", note: "Five reviews in an hour from one office.", caller: admin });
    const [row] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ status: "REJECTED", decisionReason: "SPAM", decidedBy: admin.actor.label });
    await unchangedBy(db, () =>
      expect(rejectHeldReview(db, { reviewId: review.id, reason: "OTHER", note: "again", caller: admin })).rejects.toMatchObject({ code: "CONFLICT" }),
    );
    const mails = await mailsTo(db, "REVIEW_REJECTED", [reviewer]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Spam");
  });

  it("two rejections at once: one outcome, one email", raceTest, async () => {
    const db = getDb();
    const { provider, admin } = await moderationCast(db);
    const reviewer = "held-race@example.com";
    const review = await makeReview(db, { providerId: provider.id, senderEmail: reviewer, status: "PENDING", flags: ["BURST"] });
    const results = await Promise.allSettled([
      rejectHeldReview(db, { reviewId: review.id, reason: "SPAM", caller: admin }),
      rejectHeldReview(db, { reviewId: review.id, reason: "ABUSIVE", caller: admin }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await mailsTo(db, "REVIEW_REJECTED", [reviewer])).toHaveLength(1);
  });
});

describe("removing a published review", () => {
  it("REMOVED with the reason, both sides emailed, figures recomputed and the listing version bumped; a second removal is refused", async () => {
    const db = getDb();
    const { provider, admin, managers } = await moderationCast(db);
    const reviewer = "removed-client@example.com";
    const review = await makeReview(db, { providerId: provider.id, senderEmail: reviewer, overall: 4 });
    await refreshReviewStats(db, { now: new Date(), providerIds: [provider.id] });
    const before = await readListingVersion(db);
    await removeReview(db, { reviewId: review.id, reason: "PERSONAL_DATA", note: "Names a private person.", caller: admin });
    expect(await readListingVersion(db)).not.toBe(before);
    const [stats] = await db.select().from(providerReviewStats).where(eq(providerReviewStats.providerId, provider.id));
    expect(stats!.count).toBe(0);
    const mails = await mailsTo(db, "REVIEW_REJECTED", [reviewer, ...managers]);
    expect(mails.map((m) => m.to).sort()).toEqual([reviewer, ...managers].sort());
    expect(mails[0]!.text).toContain("Contains personal data");
    await expect(removeReview(db, { reviewId: review.id, reason: "SPAM", caller: admin })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await mailsTo(db, "REVIEW_REJECTED", [reviewer])).toHaveLength(1);
    const audit = await db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, review.id));
    expect(audit.map((a) => a.action)).toEqual(["review.removed"]);
  });

  it("two removals at once: one outcome, one email per side", raceTest, async () => {
    const db = getDb();
    const { provider, admin, managers } = await moderationCast(db);
    const reviewer = "removed-race@example.com";
    const review = await makeReview(db, { providerId: provider.id, senderEmail: reviewer });
    const results = await Promise.allSettled([
      removeReview(db, { reviewId: review.id, reason: "SPAM", caller: admin }),
      removeReview(db, { reviewId: review.id, reason: "ABUSIVE", caller: admin }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await mailsTo(db, "REVIEW_REJECTED", [reviewer, ...managers])).toHaveLength(3);
  });
});

describe("review reports", () => {
  it("lists open reports and closes one once", async () => {
    const db = getDb();
    const { provider, admin } = await moderationCast(db);
    const review = await makeReview(db, { providerId: provider.id });
    const [report] = await db
      .insert(reviewReports)
      .values({ reviewId: review.id, reason: "FAKE", note: "This client never existed.", reporterKey: "k1" })
      .returning();
    expect((await listOpenReviewReports(db, { limit: 100 })).map((r) => r.id)).toContain(report!.id);
    await closeReviewReport(db, { reportId: report!.id, caller: admin });
    expect((await listOpenReviewReports(db, { limit: 100 })).map((r) => r.id)).not.toContain(report!.id);
    await expect(closeReviewReport(db, { reportId: report!.id, caller: admin })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("provider notices", () => {
  it("adding, removing and the end of a notice each bump the listing version; ended ones are marked removed at endsAt", async () => {
    const db = getDb();
    const { provider, admin } = await moderationCast(db);
    const now = new Date();
    const v0 = await readListingVersion(db);
    const added = await addProviderNotice(db, {
      providerSlug: provider.slug,
      kind: "REVIEW_MANIPULATION",
      body: "We removed reviews written by the provider's staff.",
      endsAt: new Date(now.getTime() + 90 * DAY),
      caller: admin,
      now,
    });
    const v1 = await readListingVersion(db);
    expect(v1).not.toBe(v0);
    expect((await listActiveNotices(db, { now, limit: 100 })).map((n) => n.id)).toContain(added.id);

    await removeProviderNoticeOnce(added.id, admin);
    const v2 = await readListingVersion(db);
    expect(v2).not.toBe(v1);

    const ending = await addProviderNotice(db, {
      providerSlug: provider.slug,
      kind: "REVIEW_MANIPULATION",
      body: "A short notice that ends on its own.",
      endsAt: new Date(now.getTime() + DAY),
      caller: admin,
      now,
    });
    const v3 = await readListingVersion(db);
    expect(await expireProviderNotices(db, { now: new Date(now.getTime() + DAY - 1) })).toEqual({ noticesEnded: 0 });
    expect(await readListingVersion(db)).toBe(v3);
    expect(await expireProviderNotices(db, { now: new Date(now.getTime() + DAY) })).toEqual({ noticesEnded: 1 });
    expect(await readListingVersion(db)).not.toBe(v3);
    expect(await expireProviderNotices(db, { now: new Date(now.getTime() + 2 * DAY) })).toEqual({ noticesEnded: 0 });
    const [row] = await db.select().from(providerNotices).where(eq(providerNotices.id, ending.id));
    expect(row).toMatchObject({ removedAt: new Date(now.getTime() + DAY), removedBy: "system" });
    const audit = await db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, added.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["provider.notice_added", "provider.notice_removed"]);
  });
});

async function removeProviderNoticeOnce(noticeId: string, caller: Parameters<typeof removeReview>[1]["caller"]) {
  await removeProviderNotice(getDb(), { noticeId, caller });
  await expect(removeProviderNotice(getDb(), { noticeId, caller })).rejects.toMatchObject({ code: "CONFLICT" });
}

describe("publishing a held review", () => {
  it("publishes it whatever its flags, once; a second decision is 'already decided' with no second email", async () => {
    const db = getDb();
    const { provider, admin } = await moderationCast(db);
    const reviewer = "publish-held@example.com";
    const review = await makeReview(db, { providerId: provider.id, senderEmail: reviewer, status: "PENDING", flags: ["LATE_SPAM"] });
    await publishHeldReview(db, { reviewId: review.id, caller: admin });
    const [row] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ status: "PUBLISHED", flags: [] });
    await expect(publishHeldReview(db, { reviewId: review.id, caller: admin })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(rejectHeldReview(db, { reviewId: review.id, reason: "SPAM", caller: admin })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await mailsTo(db, "REVIEW_PUBLISHED", [reviewer])).toHaveLength(1);
    expect(await mailsTo(db, "REVIEW_REJECTED", [reviewer])).toHaveLength(0);
  });

  it("publish and reject at once: one outcome, one email", raceTest, async () => {
    const db = getDb();
    const { provider, admin } = await moderationCast(db);
    const reviewer = "publish-race@example.com";
    const review = await makeReview(db, { providerId: provider.id, senderEmail: reviewer, status: "PENDING", flags: ["BURST"] });
    const results = await Promise.allSettled([
      publishHeldReview(db, { reviewId: review.id, caller: admin }),
      rejectHeldReview(db, { reviewId: review.id, reason: "SPAM", caller: admin }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const mails = [...(await mailsTo(db, "REVIEW_PUBLISHED", [reviewer])), ...(await mailsTo(db, "REVIEW_REJECTED", [reviewer]))];
    expect(mails).toHaveLength(1);
  });
});

describe("a held edit of a published review", () => {
  it("is listed with the edit's words; rejecting drops the edit and keeps the published review", async () => {
    const db = getDb();
    const { provider, admin } = await moderationCast(db);
    const reviewer = "held-edit@example.com";
    const review = await makeReview(db, {
      providerId: provider.id,
      senderEmail: reviewer,
      flags: ["CONTACT_DETAILS"],
      pendingEdit: { title: "Edited title with a phone", body: "Call me on 020 7946 0000 to hear how the project went from start to end." },
      pendingEditPublishAfter: new Date(),
    });
    const held = (await listHeldReviews(db, { limit: 500 })).find((r) => r.id === review.id);
    expect(held).toMatchObject({ edit: true, title: "Edited title with a phone" });
    expect(await rejectHeldReview(db, { reviewId: review.id, reason: "PERSONAL_DATA", caller: admin })).toMatchObject({ status: "EDIT_REJECTED" });
    const [row] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ status: "PUBLISHED", title: review.title, pendingEdit: null, flags: [] });
    expect((await mailsTo(db, "REVIEW_REJECTED", [reviewer]))[0]!.subject).toContain("edited review");
    await expect(rejectHeldReview(db, { reviewId: review.id, reason: "PERSONAL_DATA", caller: admin })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
