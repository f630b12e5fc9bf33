import type { Db } from "@/db/client";
import type { InquiryBudget } from "@/db/enums";
import { findInvitationByToken } from "./find-invitation-by-token";

// The invitation an emailed "Write a review" link names, as the review form and submitReview need it.
// The refusals are findInvitationByToken's, so the form, the submit and GET /reviews/invitation agree.

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
 * Resolves an invitation token for writing a review: 400 TOKEN_INVALID, 409 REVIEW_ALREADY_SUBMITTED
 * when used, 410 TOKEN_EXPIRED when expired or closed by "We didn't work together". `forUpdate` locks
 * the invitation row, so concurrent posts of one token queue there and the second finds it used.
 */
export async function openInvitation(
  db: Db,
  params: { token: string | undefined; now: Date; forUpdate?: boolean },
): Promise<OpenInvitation> {
  const { invitation, inquiry, provider } = await findInvitationByToken(db, params);
  return {
    invitationId: invitation.id,
    inquiryId: inquiry.id,
    providerId: provider.id,
    providerName: provider.name,
    providerSlug: provider.slug,
    senderEmail: inquiry.senderEmail,
    engagedAt: inquiry.engagedAt,
    deliveredAt: inquiry.deliveredAt,
    prefill: { reviewerName: inquiry.senderName, reviewerCompany: inquiry.senderCompany, projectBudget: inquiry.budget },
  };
}
