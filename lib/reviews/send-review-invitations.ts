import { and, asc, eq, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ReviewInvitationSkip } from "@/db/enums";
import { inquiries, providers } from "@/db/schema";
import { reviewInvitations } from "@/db/schema-reviews";
import { env } from "@/lib/config/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { invitationSchedule, isSpamWithinGrace } from "./invitation-schedule";
import { reviewInvitationEmail } from "./invitation-emails";
import { invitationLinks } from "./invitation-links";
import { findReviewConflict } from "./review-conflicts";
import { optedOutAddresses } from "./review-email-optout";
import {
  REVIEW_CHECKIN_AFTER_DAYS,
  REVIEW_INVITE_AFTER_ENGAGED_DAYS,
  REVIEW_INVITE_MIN_AFTER_DELIVERY_DAYS,
  REVIEW_INVITE_TTL_DAYS,
} from "./review-rules";

const DAY_MS = 86_400_000;

const days = (n: number) => sql`make_interval(days => ${n})`;

/** The schedule of invitation-schedule.ts in SQL, to find the due inquiries (the row keeps the JS date). */
const sendAtSql = sql`case when ${inquiries.engagedAt} is not null
  then greatest(${inquiries.engagedAt} + ${days(REVIEW_INVITE_AFTER_ENGAGED_DAYS)}, ${inquiries.deliveredAt} + ${days(REVIEW_INVITE_MIN_AFTER_DELIVERY_DAYS)})
  else ${inquiries.deliveredAt} + ${days(REVIEW_CHECKIN_AFTER_DAYS)} end`;

/**
 * The invitation sweep (extensions §4): every delivered inquiry whose send date has come and that has
 * no invitation row yet gets one. The row records the decision: not sent (marked SPAM within the
 * grace period, the mailbox opted out, a conflict, a recent review by the same sender) with
 * skipped_reason, or sent, with the token's hash and a REVIEW_INVITATION email in the same
 * transaction. The insert is ON CONFLICT (inquiry_id) DO NOTHING … RETURNING and the email goes only
 * when it returned a row, so sweeps run twice or at once send one email per inquiry. The provider's
 * mark only moves the date: with it or without it, every eligible sender is asked once.
 */
export async function sendReviewInvitations(
  db: Db,
  params: { now: Date; limit?: number },
): Promise<{ invited: number; skipped: number }> {
  const { now } = params;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: inquiries.id,
        providerId: inquiries.providerId,
        senderEmail: inquiries.senderEmail,
        status: inquiries.status,
        deliveredAt: inquiries.deliveredAt,
        statusChangedAt: inquiries.statusChangedAt,
        engagedAt: inquiries.engagedAt,
        providerName: providers.name,
      })
      .from(inquiries)
      .innerJoin(providers, eq(providers.id, inquiries.providerId))
      .where(
        and(
          isNotNull(inquiries.deliveredAt),
          isNull(inquiries.erasedAt),
          notExists(tx.select({ one: sql`1` }).from(reviewInvitations).where(eq(reviewInvitations.inquiryId, inquiries.id))),
          sql`${sendAtSql} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(inquiries.deliveredAt), asc(inquiries.id))
      .limit(params.limit ?? 500)
      // Locks the inquiries it decides (a concurrent sweep skips them; its insert would do nothing
      // anyway), so the studio's unmark waits for the decision and then sees the sent invitation.
      .for("update", { of: inquiries, skipLocked: true });
    const optedOut = await optedOutAddresses(tx, due.map((d) => d.senderEmail));
    let invited = 0;
    let skipped = 0;
    for (const inquiry of due) {
      const { trigger, sendAt } = invitationSchedule({ deliveredAt: inquiry.deliveredAt!, engagedAt: inquiry.engagedAt });
      const base = { inquiryId: inquiry.id, providerId: inquiry.providerId, trigger, sendAt };
      let reason: ReviewInvitationSkip | null = null;
      if (isSpamWithinGrace(inquiry)) reason = "SPAM";
      else if (optedOut.has(inquiry.senderEmail)) reason = "OPTED_OUT";
      else {
        const conflict = await findReviewConflict(tx, {
          providerId: inquiry.providerId,
          senderEmail: inquiry.senderEmail,
          now,
          excludeInquiryId: inquiry.id,
        });
        if (conflict === "RECENT_REVIEW") reason = "RECENT_REVIEW";
        else if (conflict) reason = "CONFLICT";
      }
      if (reason) {
        const rows = await tx
          .insert(reviewInvitations)
          .values({ ...base, skippedReason: reason })
          .onConflictDoNothing({ target: reviewInvitations.inquiryId })
          .returning({ id: reviewInvitations.id });
        skipped += rows.length;
        continue;
      }
      const token = createVerificationToken();
      const rows = await tx
        .insert(reviewInvitations)
        .values({ ...base, tokenHash: token.hash, sentAt: now, expiresAt: new Date(now.getTime() + REVIEW_INVITE_TTL_DAYS * DAY_MS) })
        .onConflictDoNothing({ target: reviewInvitations.inquiryId })
        .returning({ id: reviewInvitations.id });
      // Another sweep decided this inquiry first: it sent the one email.
      if (rows.length === 0) continue;
      await enqueueEmail(tx, {
        kind: "REVIEW_INVITATION",
        to: inquiry.senderEmail,
        message: reviewInvitationEmail({
          providerName: inquiry.providerName,
          deliveredAt: inquiry.deliveredAt!,
          ...invitationLinks(env().APP_URL, token.token),
        }),
      });
      invited += 1;
    }
    return { invited, skipped };
  });
}
