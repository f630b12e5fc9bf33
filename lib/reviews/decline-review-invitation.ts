import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ReviewDeclineReason } from "@/db/enums";
import { reviewInvitations } from "@/db/schema-reviews";
import { findInvitationByToken } from "./find-invitation-by-token";

/**
 * The sender's "We didn't work together" (NOT_HIRED) or "no thanks" (NO_THANKS): closes the invitation
 * (no reminder, no review with its link). Private: stored on the invitation only, never shown or
 * counted anywhere public, never told to the provider. A second decline answers the same and keeps
 * the first reason. Refusals as findInvitationByToken.
 */
export async function declineReviewInvitation(
  db: Db,
  params: { token: string | undefined; reason: ReviewDeclineReason; now: Date },
): Promise<{ success: true; status: "DECLINED" }> {
  return db.transaction(async (tx) => {
    const { invitation } = await findInvitationByToken(tx, { token: params.token, now: params.now, forUpdate: true, accept: "declined" });
    if (!invitation.declinedAt) {
      await tx
        .update(reviewInvitations)
        .set({ declinedAt: params.now, declineReason: params.reason })
        .where(and(eq(reviewInvitations.id, invitation.id), isNull(reviewInvitations.declinedAt)));
    }
    return { success: true as const, status: "DECLINED" as const };
  });
}
