import type { Db } from "@/db/client";
import { findInvitationByToken } from "./find-invitation-by-token";
import type { ReviewInvitationView } from "./invitation-schemas";

/**
 * What the review form shows of its invitation: the provider, when the inquiry was delivered, whether
 * the provider confirmed the engagement, and the inquiry's name, company and budget to start from.
 * Never the inquiry text nor the address. Refusals as findInvitationByToken.
 */
export async function getReviewInvitation(db: Db, params: { token: string | undefined; now: Date }): Promise<ReviewInvitationView> {
  const { inquiry, provider } = await findInvitationByToken(db, params);
  const erased = inquiry.erasedAt !== null;
  return {
    providerSlug: provider.slug,
    providerName: provider.name,
    deliveredAt: (inquiry.deliveredAt ?? inquiry.createdAt).toISOString(),
    engagementConfirmedByProvider: inquiry.engagedAt !== null,
    prefill: {
      reviewerName: erased ? null : inquiry.senderName,
      reviewerCompany: erased ? null : inquiry.senderCompany,
      projectBudget: inquiry.budget,
    },
  };
}
