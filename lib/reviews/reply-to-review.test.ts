import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents } from "@/db/schema";
import { reviewReplies } from "@/db/schema-reviews";
import { makeReview } from "@/test/support/review-factories";
import { mailsTo, moderationCast } from "@/test/support/review-moderation-kit";
import { unchangedBy } from "@/test/support/snapshot";
import { editReviewReply } from "./edit-review-reply";
import { reviewMailboxHash } from "./find-reviewer-email";
import { listProviderReviews } from "./list-provider-reviews";
import { replyToReview } from "./reply-to-review";
import { reviewEmailOptouts } from "@/db/schema-reviews";

const MINUTE = 60_000;

describe("replying to a review", () => {
  it("allows one reply, editable for an hour, then locked; the reviewer is emailed once, on creation", async () => {
    const db = getDb();
    const { provider, owner } = await moderationCast(db);
    const reviewer = "client-reply@example.com";
    const review = await makeReview(db, { providerId: provider.id, senderEmail: reviewer });
    const t0 = new Date();

    const reply = await replyToReview(db, { providerId: provider.id, reviewId: review.id, body: "Thank you, it was a pleasure.", caller: owner, now: t0 });
    expect(reply).toMatchObject({ reviewId: review.id, body: "Thank you, it was a pleasure.", editableUntil: new Date(t0.getTime() + 60 * MINUTE).toISOString() });

    await expect(replyToReview(db, { providerId: provider.id, reviewId: review.id, body: "A second reply", caller: owner, now: t0 })).rejects.toMatchObject({
      code: "REPLY_EXISTS",
    });

    const edited = await editReviewReply(db, { providerId: provider.id, reviewId: review.id, body: "Thank you again.", caller: owner, now: new Date(t0.getTime() + 59 * MINUTE) });
    expect(edited.body).toBe("Thank you again.");
    await expect(
      editReviewReply(db, { providerId: provider.id, reviewId: review.id, body: "Too late", caller: owner, now: new Date(t0.getTime() + 61 * MINUTE) }),
    ).rejects.toMatchObject({ code: "REPLY_LOCKED" });

    const [row] = await db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, review.id));
    expect(row!.body).toBe("Thank you again.");
    const mails = await mailsTo(db, "REVIEW_REPLY", [reviewer]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Thank you, it was a pleasure.");
    const audit = await db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, review.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["review.reply_added", "review.reply_edited"]);

    const list = await listProviderReviews(db, { providerId: provider.id, status: "PUBLISHED", page: 1, limit: 20 });
    expect(list.data[0]!.reply).toMatchObject({ body: "Thank you again." });
    expect(JSON.stringify(list)).not.toContain(reviewer);
  });

  it("refuses a MEMBER and another provider's review, and changes nothing", async () => {
    const db = getDb();
    const { provider, member, owner } = await moderationCast(db);
    const other = await moderationCast(db);
    const review = await makeReview(db, { providerId: provider.id });
    await unchangedBy(db, async () => {
      await expect(replyToReview(db, { providerId: provider.id, reviewId: review.id, body: "Hi", caller: member })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(replyToReview(db, { providerId: other.provider.id, reviewId: review.id, body: "Hi", caller: other.owner })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(replyToReview(db, { providerId: provider.id, reviewId: "not-a-uuid", body: "Hi", caller: owner })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  });

  it("does not email a reviewer who opted out of review emails", async () => {
    const db = getDb();
    const { provider, owner } = await moderationCast(db);
    const reviewer = "Opted.Out+reviews@example.com";
    const review = await makeReview(db, { providerId: provider.id, senderEmail: reviewer });
    await db.insert(reviewEmailOptouts).values({ mailboxHash: reviewMailboxHash("opted.out@example.com") });
    await replyToReview(db, { providerId: provider.id, reviewId: review.id, body: "Thanks", caller: owner });
    expect(await mailsTo(db, "REVIEW_REPLY", [reviewer])).toHaveLength(0);
  });

  it("lists published reviews with the pending ones counted, never shown", async () => {
    const db = getDb();
    const { provider } = await moderationCast(db);
    await makeReview(db, { providerId: provider.id });
    await makeReview(db, { providerId: provider.id, status: "PENDING", title: "Pending review title" });
    await makeReview(db, { providerId: provider.id, status: "PENDING" });
    const list = await listProviderReviews(db, { providerId: provider.id, status: "PUBLISHED", page: 1, limit: 20 });
    expect(list).toMatchObject({ total: 1, pendingCount: 2 });
    expect(JSON.stringify(list)).not.toContain("Pending review title");
  });
});
