import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import { inquiries } from "../../db/schema";
import { reviewInvitations, reviews } from "../../db/schema-reviews";
import { hashVerificationToken } from "../../lib/tokens/verification-token";
import { refreshReviewStats } from "../../lib/reviews/refresh-review-stats";
import type { FixtureReview } from "./types";

const DAY_MS = 86_400_000;

/**
 * A fixture provider's reviews, written as the invitation sweep and the review form would leave them:
 * a delivered inquiry, its sent and used invitation, and the review (published unless told otherwise).
 */
export async function insertFixtureReviews(db: Db, providerId: string, list: FixtureReview[]): Promise<void> {
  const now = Date.now();
  for (const r of list) {
    const [inquiry] = await db
      .insert(inquiries)
      .values({
        providerId,
        senderName: r.reviewerName,
        senderEmail: r.reviewerEmail,
        message: "We would like a quote for a new booking site.",
        tokenHash: `unusable:${randomBytes(16).toString("hex")}`,
        tokenExpiresAt: new Date(now - 59 * DAY_MS),
        status: "REPLIED",
        deliveredAt: new Date(now - 60 * DAY_MS),
        statusChangedAt: new Date(now - 59 * DAY_MS),
      })
      .returning({ id: inquiries.id });
    const sentAt = new Date(now - 15 * DAY_MS);
    const [invitation] = await db
      .insert(reviewInvitations)
      .values({
        inquiryId: inquiry!.id,
        providerId,
        trigger: "CHECKIN",
        tokenHash: hashVerificationToken(randomBytes(32).toString("base64url")),
        sendAt: sentAt,
        sentAt,
        expiresAt: new Date(sentAt.getTime() + 90 * DAY_MS),
        usedAt: new Date(now - 3 * DAY_MS),
      })
      .returning({ id: reviewInvitations.id });
    const status = r.status ?? "PUBLISHED";
    await db.insert(reviews).values({
      providerId,
      invitationId: invitation!.id,
      inquiryId: inquiry!.id,
      status,
      projectStatus: "COMPLETED",
      overall: 3,
      wouldRecommend: true,
      title: r.title,
      body: r.body,
      display: "NAME_ONLY",
      reviewerName: r.reviewerName,
      verification: "STATED_BY_CLIENT",
      publishAfter: new Date(now - 2 * DAY_MS),
      publishedAt: status === "PUBLISHED" ? new Date(now - 2 * DAY_MS) : null,
      flags: r.flags ?? [],
    });
  }
  await refreshReviewStats(db, { now: new Date(), providerIds: [providerId] });
}
