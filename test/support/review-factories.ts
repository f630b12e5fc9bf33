import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviewInvitations, reviews, type ReviewInvitationRow, type ReviewRow } from "@/db/schema-reviews";
import { hashVerificationToken } from "@/lib/tokens/verification-token";
import { makeInquiry } from "./factories";

// Review rows written directly, for tests of what reads them. Real reviews go through the invitation
// sweep and submitReview.

const DAY_MS = 86_400_000;

/**
 * A delivered inquiry with a sent invitation; `token` is the one the invitation email would carry.
 * `sentAt` defaults to now; the link expires 90 days later.
 */
export async function makeInvitation(
  db: Db,
  values: {
    providerId: string;
    senderEmail?: string;
    senderName?: string;
    sentAt?: Date;
    inquiry?: Partial<Parameters<typeof makeInquiry>[1]>;
    invitation?: Partial<typeof reviewInvitations.$inferInsert>;
  },
): Promise<{ inquiryId: string; invitation: ReviewInvitationRow; token: string }> {
  const sentAt = values.sentAt ?? new Date();
  const inquiry = await makeInquiry(db, {
    providerId: values.providerId,
    deliveredAt: new Date(sentAt.getTime() - 45 * DAY_MS),
    ...(values.senderEmail ? { senderEmail: values.senderEmail } : {}),
    ...(values.senderName ? { senderName: values.senderName } : {}),
    ...values.inquiry,
  });
  const token = randomBytes(32).toString("base64url");
  const [invitation] = await db
    .insert(reviewInvitations)
    .values({
      inquiryId: inquiry.id,
      providerId: values.providerId,
      trigger: "CHECKIN",
      tokenHash: hashVerificationToken(token),
      sendAt: sentAt,
      sentAt,
      expiresAt: new Date(sentAt.getTime() + 90 * DAY_MS),
      ...values.invitation,
    })
    .returning();
  return { inquiryId: inquiry.id, invitation: invitation!, token };
}

/** A review (PUBLISHED unless told otherwise) on a fresh invitation. Stats are not refreshed: call refreshReviewStats. */
export async function makeReview(
  db: Db,
  values: { providerId: string; senderEmail?: string } & Partial<typeof reviews.$inferInsert>,
): Promise<ReviewRow & { inquiryId: string }> {
  const { providerId, senderEmail, ...rest } = values;
  const { invitation, inquiryId } = await makeInvitation(db, { providerId, senderEmail });
  const status = rest.status ?? "PUBLISHED";
  const publishedAt = rest.publishedAt ?? (status === "PUBLISHED" ? new Date() : null);
  const [row] = await db
    .insert(reviews)
    .values({
      providerId,
      invitationId: invitation.id,
      inquiryId,
      projectStatus: "COMPLETED",
      overall: 5,
      wouldRecommend: true,
      title: "A careful team that shipped on time",
      body: "They rebuilt our booking site in six weeks, answered every question within a day and kept to the budget.",
      display: "NAME_AND_COMPANY",
      reviewerName: "Ada Lovelace",
      reviewerCompany: "Analytical Engines Ltd",
      verification: "STATED_BY_CLIENT",
      publishAfter: new Date(Date.now() - DAY_MS),
      ...rest,
      status,
      publishedAt,
    })
    .returning();
  await db.update(reviewInvitations).set({ usedAt: row!.createdAt }).where(eq(reviewInvitations.id, invitation.id));
  return { ...row!, inquiryId };
}
