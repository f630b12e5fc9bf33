import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { InquiryBudget } from "@/db/enums";
import { inquiries, providers } from "@/db/schema";
import { reviewInvitations } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";
import { REVIEW_INVITE_TTL_DAYS } from "./review-rules";

// The invitation an emailed "Write a review" link names, and whether it may still be used. Read by the
// review form's page (no lock) and by submitReview (FOR UPDATE, so concurrent posts of one token queue
// here and the second finds it used). To unify with find-invitation-by-token.ts at merge.

export interface OpenInvitation {
  invitationId: string;
  inquiryId: string;
  providerId: string;
  providerName: string;
  providerSlug: string;
  senderEmail: string;
  engagedAt: Date | null;
  deliveredAt: Date | null;
  prefill: { reviewerName: string; reviewerCompany: string | null; projectBudget: InquiryBudget | null };
}

/**
 * Resolves an invitation token: 400 TOKEN_INVALID when missing, malformed, unknown, never sent or its
 * inquiry erased; 409 REVIEW_ALREADY_SUBMITTED when used for a review or declined ("We didn't work
 * together" closes the invitation: one answer per invitation); 410 TOKEN_EXPIRED after
 * REVIEW_INVITE_TTL_DAYS. Used and declined are checked before expiry: that answer is the more useful.
 */
export async function openInvitation(
  db: Db,
  params: { token: string | undefined; now: Date; forUpdate?: boolean },
): Promise<OpenInvitation> {
  if (!isWellFormedToken(params.token)) throw invalidLink();
  const query = db
    .select({
      invitationId: reviewInvitations.id,
      inquiryId: reviewInvitations.inquiryId,
      providerId: reviewInvitations.providerId,
      sentAt: reviewInvitations.sentAt,
      expiresAt: reviewInvitations.expiresAt,
      usedAt: reviewInvitations.usedAt,
      declinedAt: reviewInvitations.declinedAt,
      providerName: providers.name,
      providerSlug: providers.slug,
      senderEmail: inquiries.senderEmail,
      senderName: inquiries.senderName,
      senderCompany: inquiries.senderCompany,
      budget: inquiries.budget,
      engagedAt: inquiries.engagedAt,
      deliveredAt: inquiries.deliveredAt,
      erasedAt: inquiries.erasedAt,
    })
    .from(reviewInvitations)
    .innerJoin(inquiries, eq(inquiries.id, reviewInvitations.inquiryId))
    .innerJoin(providers, eq(providers.id, reviewInvitations.providerId))
    .where(eq(reviewInvitations.tokenHash, hashVerificationToken(params.token)))
    .limit(1);
  const [row] = params.forUpdate ? await query.for("update", { of: reviewInvitations }) : await query;
  if (!row || !row.sentAt || row.erasedAt) throw invalidLink();
  if (row.usedAt) {
    throw new AppError("REVIEW_ALREADY_SUBMITTED", "A review was already written with this invitation. The edit link is in the email we sent then.");
  }
  if (row.declinedAt) {
    throw new AppError("REVIEW_ALREADY_SUBMITTED", "This invitation was answered with “We didn't work together”, which closed it.");
  }
  if (!row.expiresAt || row.expiresAt.getTime() <= params.now.getTime()) {
    throw new AppError("TOKEN_EXPIRED", `This invitation has expired (links last ${REVIEW_INVITE_TTL_DAYS} days).`);
  }
  return {
    invitationId: row.invitationId,
    inquiryId: row.inquiryId,
    providerId: row.providerId,
    providerName: row.providerName,
    providerSlug: row.providerSlug,
    senderEmail: row.senderEmail,
    engagedAt: row.engagedAt,
    deliveredAt: row.deliveredAt,
    prefill: { reviewerName: row.senderName, reviewerCompany: row.senderCompany, projectBudget: row.budget },
  };
}

function invalidLink(): AppError {
  return new AppError("TOKEN_INVALID", "This review link is incomplete or not one we sent. Use the link from the email.");
}
