// Published reviews for a fixture provider, written straight into the tables as the invitation sweep,
// the review form and the publishing sweep would have left them (a delivered inquiry, a used
// invitation, a PUBLISHED review), then the provider's figures refreshed in the same transaction.
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import { inquiries } from "../../db/schema";
import { providerNotices, reviewDisputes, reviewInvitations, reviewReplies, reviews } from "../../db/schema-reviews";
import { refreshReviewStats } from "../../lib/reviews/refresh-review-stats";
import type { FixtureReadReview } from "./types";

const DAY_MS = 86_400_000;
const BODY =
  "We hired them to rebuild our booking site. They answered within a day, showed their work every week and kept to the agreed budget; the handover notes were clear.";

export async function insertFixtureReadReviews(db: Db, params: { providerId: string; reviews: FixtureReadReview[]; notice?: string }): Promise<void> {
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const r of params.reviews) {
      const publishedAt = new Date(now - r.daysAgo * DAY_MS);
      const deliveredAt = new Date(publishedAt.getTime() - 50 * DAY_MS);
      const [inquiry] = await tx
        .insert(inquiries)
        .values({
          providerId: params.providerId,
          senderName: r.reviewer,
          senderEmail: `reviewer-${randomBytes(4).toString("hex")}@e2e.example`,
          message: "We would like a quote for a new booking site, please.",
          tokenHash: `unusable:${randomBytes(16).toString("hex")}`,
          tokenExpiresAt: deliveredAt,
          status: "REPLIED",
          deliveredAt,
          statusChangedAt: deliveredAt,
        })
        .returning({ id: inquiries.id });
      const [invitation] = await tx
        .insert(reviewInvitations)
        .values({
          inquiryId: inquiry!.id,
          providerId: params.providerId,
          trigger: "CHECKIN",
          tokenHash: randomBytes(32).toString("hex"),
          sendAt: new Date(deliveredAt.getTime() + 45 * DAY_MS),
          sentAt: new Date(deliveredAt.getTime() + 45 * DAY_MS),
          expiresAt: new Date(deliveredAt.getTime() + 135 * DAY_MS),
          usedAt: new Date(publishedAt.getTime() - DAY_MS),
        })
        .returning({ id: reviewInvitations.id });
      const [review] = await tx
        .insert(reviews)
        .values({
          providerId: params.providerId,
          invitationId: invitation!.id,
          inquiryId: inquiry!.id,
          status: "PUBLISHED",
          projectStatus: r.wouldRecommend === false && r.overall === 1 ? "ENDED_EARLY" : "COMPLETED",
          overall: r.overall,
          quality: r.overall,
          communication: Math.max(1, r.overall - 1),
          wouldRecommend: r.wouldRecommend ?? true,
          title: r.title,
          body: BODY,
          display: "NAME_AND_COMPANY",
          reviewerName: r.reviewer,
          reviewerRole: "Head of product",
          reviewerCompany: "Example Clients Ltd",
          incentive: r.incentive ?? null,
          verification: r.verification ?? "STATED_BY_CLIENT",
          publishAfter: publishedAt,
          publishedAt,
          createdAt: new Date(publishedAt.getTime() - DAY_MS),
        })
        .returning({ id: reviews.id });
      if (r.reply) await tx.insert(reviewReplies).values({ reviewId: review!.id, body: r.reply, createdAt: publishedAt });
      if (r.underDispute) {
        await tx.insert(reviewDisputes).values({
          reviewId: review!.id,
          providerId: params.providerId,
          reason: "NO_ENGAGEMENT",
          note: "We have no record of working with this client at all.",
          dueAt: new Date(now + 14 * DAY_MS),
        });
      }
    }
    if (params.notice) {
      await tx
        .insert(providerNotices)
        .values({ providerId: params.providerId, kind: "REVIEW_MANIPULATION", body: params.notice, endsAt: new Date(now + 90 * DAY_MS) });
    }
    await refreshReviewStats(tx, { now: new Date(now), providerIds: [params.providerId] });
  });
}
