import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerNotices, reviewDisputes, reviewReplies, reviewReports } from "@/db/schema-reviews";
import {
  addProviderNoticeAction,
  closeReviewReportAction,
  decideReviewDisputeAction,
  publishHeldReviewAction,
  rejectHeldReviewAction,
  removeProviderNoticeAction,
  removeReviewAction,
} from "@/lib/actions/admin/reviews";
import { answerDisputeAction } from "@/lib/actions/reviews/answer-dispute";
import { editReviewReplyAction, openReviewDisputeAction, replyToReviewAction } from "@/lib/actions/studio/reviews";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { makeProvider } from "@/test/support/factories";
import { makeReview } from "@/test/support/review-factories";
import { adminOnly, call, everyone, studioWrite, type ActionCase } from "./action-outcomes";

// The review moderation actions: the studio's review page, the reviewer's dispute answer and the
// console's /admin/reviews (see action-registry.ts).

const STUDIO = "lib/actions/studio/reviews.ts";
const ADMIN = "lib/actions/admin/reviews.ts";
const DAY = 86_400_000;

async function openDispute(db: Db, providerId: string): Promise<{ id: string; token: string }> {
  const review = await makeReview(db, { providerId });
  const token = createVerificationToken();
  const [row] = await db
    .insert(reviewDisputes)
    .values({ reviewId: review.id, providerId, reason: "ABUSIVE", note: "Made by the authorization matrix.", dueAt: new Date(Date.now() + 14 * DAY), answerTokenHash: token.hash })
    .returning({ id: reviewDisputes.id });
  return { id: row!.id, token: token.token };
}

export const REVIEW_CASES: ActionCase[] = [
  {
    name: "studio.reviews.reply (A's review)",
    file: STUDIO,
    auth: "studio-write",
    prepare: async (db, w) => {
      const review = await makeReview(db, { providerId: w.a.id });
      return () => call(replyToReviewAction, { reviewId: review.id, body: "Thank you." });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "studio.reviews.edit-reply (A's review)",
    file: STUDIO,
    auth: "studio-write",
    prepare: async (db, w) => {
      const review = await makeReview(db, { providerId: w.a.id });
      await db.insert(reviewReplies).values({ reviewId: review.id, body: "First words." });
      return () => call(editReviewReplyAction, { reviewId: review.id, body: "Better words." });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "studio.reviews.dispute (A's review)",
    file: STUDIO,
    auth: "studio-write",
    prepare: async (db, w) => {
      await db.update(reviewDisputes).set({ status: "EXPIRED", createdAt: new Date(Date.now() - 365 * DAY) }).where(eq(reviewDisputes.providerId, w.a.id));
      const review = await makeReview(db, { providerId: w.a.id });
      return () => call(openReviewDisputeAction, { reviewId: review.id, reason: "ABUSIVE", note: "The review insults a named member of our team." });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "reviews.answer-dispute",
    file: "lib/actions/reviews/answer-dispute.ts",
    auth: "public",
    prepare: async (db) => {
      const { token } = await openDispute(db, (await makeProvider(db)).id);
      return () => call(answerDisputeAction, { token, answer: "We worked together for three months." });
    },
    expected: everyone("ok"),
  },
  {
    name: "admin.reviews.publish",
    file: ADMIN,
    auth: "admin",
    prepare: async (db) => {
      const review = await makeReview(db, { providerId: (await makeProvider(db)).id, status: "PENDING", flags: ["BURST"] });
      return () => call(publishHeldReviewAction, { reviewId: review.id });
    },
    expected: adminOnly(),
  },
  {
    name: "admin.reviews.reject",
    file: ADMIN,
    auth: "admin",
    prepare: async (db) => {
      const review = await makeReview(db, { providerId: (await makeProvider(db)).id, status: "PENDING", flags: ["BURST"] });
      return () => call(rejectHeldReviewAction, { reviewId: review.id, reason: "SPAM" });
    },
    expected: adminOnly(),
  },
  {
    name: "admin.reviews.remove",
    file: ADMIN,
    auth: "admin",
    prepare: async (db) => {
      const review = await makeReview(db, { providerId: (await makeProvider(db)).id });
      return () => call(removeReviewAction, { reviewId: review.id, reason: "ABUSIVE" });
    },
    expected: adminOnly(),
  },
  {
    name: "admin.reviews.decide-dispute",
    file: ADMIN,
    auth: "admin",
    prepare: async (db) => {
      const { id } = await openDispute(db, (await makeProvider(db)).id);
      return () => call(decideReviewDisputeAction, { disputeId: id, decision: "REJECT" });
    },
    expected: adminOnly(),
  },
  {
    name: "admin.reviews.close-report",
    file: ADMIN,
    auth: "admin",
    prepare: async (db) => {
      const review = await makeReview(db, { providerId: (await makeProvider(db)).id });
      const [report] = await db
        .insert(reviewReports)
        .values({ reviewId: review.id, reason: "FAKE", note: "Made by the authorization matrix.", reporterKey: "matrix" })
        .returning({ id: reviewReports.id });
      return () => call(closeReviewReportAction, { reportId: report!.id });
    },
    expected: adminOnly(),
  },
  {
    name: "admin.reviews.add-notice",
    file: ADMIN,
    auth: "admin",
    prepare: async (db) => {
      const provider = await makeProvider(db);
      return () =>
        call(addProviderNoticeAction, {
          providerSlug: provider.slug,
          body: "We removed reviews written by the provider's staff.",
          endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
        });
    },
    expected: adminOnly(),
  },
  {
    name: "admin.reviews.remove-notice",
    file: ADMIN,
    auth: "admin",
    prepare: async (db) => {
      const provider = await makeProvider(db);
      const [notice] = await db
        .insert(providerNotices)
        .values({ providerId: provider.id, kind: "REVIEW_MANIPULATION", body: "A notice made by the matrix.", endsAt: new Date(Date.now() + 30 * DAY) })
        .returning({ id: providerNotices.id });
      return () => call(removeProviderNoticeAction, { noticeId: notice!.id });
    },
    expected: adminOnly(),
  },
];
