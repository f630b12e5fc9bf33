import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providers, type Inquiry } from "@/db/schema";
import { reviewInvitations, type ReviewInvitationRow } from "@/db/schema-reviews";
import { AppError } from "@/lib/errors";
import { hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";

export interface InvitationByToken {
  invitation: ReviewInvitationRow;
  inquiry: Inquiry;
  provider: { id: string; slug: string; name: string };
}

/**
 * The review invitation an emailed token opens, with its inquiry and provider, or the refusal:
 * 400 TOKEN_INVALID (malformed, unknown, replaced by the reminder's, or its sender erased), 409 REVIEW_ALREADY_SUBMITTED
 * (its review exists), 410 TOKEN_EXPIRED (past expires_at, or closed by the sender's decline).
 * `forUpdate` locks the invitation row (the review submit and the decline take it, so one of
 * simultaneous posts wins). `accept` lets the decline see its own earlier decline (it answers the same
 * again) and the opt-out any state (a mailbox may always stop review emails).
 */
export async function findInvitationByToken(
  db: Db,
  params: { token: string | undefined; now: Date; forUpdate?: boolean; accept?: "declined" | "any" },
): Promise<InvitationByToken> {
  const invalid = new AppError("TOKEN_INVALID", "This review link is incomplete or not one we sent.");
  if (!isWellFormedToken(params.token)) throw invalid;
  const query = db
    .select({ invitation: reviewInvitations, inquiry: inquiries, provider: { id: providers.id, slug: providers.slug, name: providers.name } })
    .from(reviewInvitations)
    .innerJoin(inquiries, eq(inquiries.id, reviewInvitations.inquiryId))
    .innerJoin(providers, eq(providers.id, reviewInvitations.providerId))
    .where(eq(reviewInvitations.tokenHash, hashVerificationToken(params.token)))
    .limit(1);
  const [row] = params.forUpdate ? await query.for("update", { of: reviewInvitations }) : await query;
  // An erased sender's invitation opens nothing: the inquiry it names is gone (extensions §9).
  if (!row || !row.invitation.sentAt || row.inquiry.erasedAt) throw invalid;
  if (params.accept === "any") return row;
  if (row.invitation.usedAt) throw new AppError("REVIEW_ALREADY_SUBMITTED", "A review was already written with this invitation.");
  if (row.invitation.declinedAt) {
    if (params.accept === "declined") return row;
    throw new AppError("TOKEN_EXPIRED", "This invitation was closed when you told us you did not work together.");
  }
  if (!row.invitation.expiresAt || row.invitation.expiresAt.getTime() <= params.now.getTime()) {
    throw new AppError("TOKEN_EXPIRED", "This review link has expired.");
  }
  return row;
}
