import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviewInvitations, reviews } from "@/db/schema-reviews";
import { env } from "@/lib/config/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { AppError } from "@/lib/errors";
import { hashVerificationToken } from "@/lib/tokens/verification-token";
import { openInvitation } from "./open-invitation";
import { findReviewConflict } from "./review-conflicts";
import { REVIEW_COOLOFF_HOURS, REVIEW_EDIT_TTL_DAYS } from "./review-rules";
import type { ReviewSubmission } from "./review-schemas";
import type { ReviewSubmitted } from "./review-writing-schemas";
import { reviewReceivedEmail } from "./submission-emails";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The reviewer's private edit link for a review: /reviews/edit?token=… */
export function reviewEditUrl(token: string): string {
  return `${env().APP_URL}/reviews/edit?token=${encodeURIComponent(token)}`;
}

/**
 * Stores a client's review from their invitation, PENDING for REVIEW_COOLOFF_HOURS, in one transaction:
 * the invitation row is locked first (FOR UPDATE), so of concurrent posts with one token the first
 * writes and the others find it used (409 REVIEW_ALREADY_SUBMITTED; the unique invitation_id is the
 * backstop). Conflicts of interest are checked again now (403 REVIEW_CONFLICT). The invitation is
 * marked used, and the reviewer is emailed REVIEW_RECEIVED with a private edit link
 * (REVIEW_EDIT_TTL_DAYS; only its hash is stored). Flags are not decided here: publishing decides
 * them, blind to the ratings.
 */
export async function submitReview(
  db: Db,
  params: { token: string | undefined; input: ReviewSubmission; now: Date },
): Promise<ReviewSubmitted> {
  const { input, now } = params;
  try {
    return await db.transaction(async (tx) => {
      const invitation = await openInvitation(tx, { token: params.token, now, forUpdate: true });
      const conflict = await findReviewConflict(tx, {
        providerId: invitation.providerId,
        senderEmail: invitation.senderEmail,
        now,
        excludeInquiryId: invitation.inquiryId,
      });
      if (conflict) {
        throw new AppError(
          "REVIEW_CONFLICT",
          "We cannot accept this review: the address it was written from is connected to the provider, or already reviewed it in the last 12 months.",
        );
      }
      const editToken = randomBytes(32).toString("base64url");
      const publishAfter = new Date(now.getTime() + REVIEW_COOLOFF_HOURS * HOUR_MS);
      const [row] = await tx
        .insert(reviews)
        .values({
          providerId: invitation.providerId,
          invitationId: invitation.invitationId,
          inquiryId: invitation.inquiryId,
          status: "PENDING",
          projectStatus: input.projectStatus,
          overall: input.overall,
          quality: input.quality,
          schedule: input.schedule,
          communication: input.communication,
          value: input.value,
          wouldRecommend: input.wouldRecommend,
          title: input.title,
          body: input.body,
          projectSpecialty: input.projectSpecialty,
          // Absent: the inquiry's budget; an explicit null: none.
          projectBudget: input.projectBudget === undefined ? invitation.prefill.projectBudget : input.projectBudget,
          display: input.display,
          reviewerName: input.reviewerName,
          reviewerRole: input.reviewerRole,
          reviewerCompany: input.reviewerCompany,
          incentive: input.incentive,
          verification: invitation.engagedAt ? "CONFIRMED_BY_BOTH" : "STATED_BY_CLIENT",
          publishAfter,
          editTokenHash: hashVerificationToken(editToken),
          editTokenExpiresAt: new Date(now.getTime() + REVIEW_EDIT_TTL_DAYS * DAY_MS),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: reviews.id });
      await tx.update(reviewInvitations).set({ usedAt: now }).where(eq(reviewInvitations.id, invitation.invitationId));
      await enqueueEmail(tx, {
        kind: "REVIEW_RECEIVED",
        to: invitation.senderEmail,
        message: reviewReceivedEmail({ providerName: invitation.providerName, editUrl: reviewEditUrl(editToken) }),
      });
      return { id: row!.id, status: "PENDING" as const, publishAfter: publishAfter.toISOString() };
    });
  } catch (error) {
    // The lock makes this unreachable in practice; the unique invitation_id / inquiry_id still say it plainly.
    if (isUniqueViolation(error)) {
      throw new AppError("REVIEW_ALREADY_SUBMITTED", "A review was already written with this invitation.");
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
