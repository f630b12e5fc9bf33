import type { Db } from "@/db/client";
import { reviewEmailOptouts } from "@/db/schema-reviews";
import { findInvitationByToken } from "./find-invitation-by-token";
import { reviewOptOutHash } from "./review-email-optout";

/**
 * The invitation's "Stop review emails" link: the mailbox of the inquiry's sender gets no review email
 * of any kind again (invitations, reminders), kept as the hash of its mailbox key. Any invitation we
 * sent works, used, declined or expired; doing it twice changes nothing more. 400 TOKEN_INVALID otherwise.
 */
export async function optOutOfReviewEmails(db: Db, params: { token: string | undefined; now: Date }): Promise<{ success: true }> {
  const { inquiry } = await findInvitationByToken(db, { token: params.token, now: params.now, accept: "any" });
  await db
    .insert(reviewEmailOptouts)
    .values({ mailboxHash: reviewOptOutHash(inquiry.senderEmail), createdAt: params.now })
    .onConflictDoNothing({ target: reviewEmailOptouts.mailboxHash });
  return { success: true };
}
