import { and, asc, eq, gt, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providers } from "@/db/schema";
import { reviewInvitations } from "@/db/schema-reviews";
import { env } from "@/lib/config/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { reviewReminderEmail } from "./invitation-emails";
import { invitationLinks } from "./invitation-links";
import { optedOutAddresses } from "./review-email-optout";
import { REVIEW_REMINDER_AFTER_DAYS } from "./review-rules";

const DAY_MS = 86_400_000;

/**
 * The one reminder (REVIEW_REMINDER), REVIEW_REMINDER_AFTER_DAYS after the invitation when it is still
 * unused, undeclined and unexpired. Only the token's hash is kept, so the reminder carries a new token
 * and the first email's links stop working. reminded_at records the decision, sent or not (a mailbox
 * that opted out gets nothing), so each invitation is looked at once; the rows are locked SKIP LOCKED
 * and updated only while reminded_at is still null, so concurrent sweeps remind once.
 */
export async function sendReviewReminders(db: Db, params: { now: Date; limit?: number }): Promise<{ reminded: number }> {
  const { now } = params;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: reviewInvitations.id,
        senderEmail: inquiries.senderEmail,
        deliveredAt: inquiries.deliveredAt,
        erasedAt: inquiries.erasedAt,
        providerName: providers.name,
      })
      .from(reviewInvitations)
      .innerJoin(inquiries, eq(inquiries.id, reviewInvitations.inquiryId))
      .innerJoin(providers, eq(providers.id, reviewInvitations.providerId))
      .where(
        and(
          isNotNull(reviewInvitations.sentAt),
          isNull(reviewInvitations.usedAt),
          isNull(reviewInvitations.declinedAt),
          isNull(reviewInvitations.remindedAt),
          lte(reviewInvitations.sentAt, new Date(now.getTime() - REVIEW_REMINDER_AFTER_DAYS * DAY_MS)),
          gt(reviewInvitations.expiresAt, now),
        ),
      )
      .orderBy(asc(reviewInvitations.sentAt))
      .limit(params.limit ?? 500)
      .for("update", { of: reviewInvitations, skipLocked: true });
    const optedOut = await optedOutAddresses(tx, due.map((d) => d.senderEmail));
    let reminded = 0;
    for (const row of due) {
      const send = !optedOut.has(row.senderEmail) && !row.erasedAt;
      const token = send ? createVerificationToken() : null;
      const [updated] = await tx
        .update(reviewInvitations)
        .set({ remindedAt: now, ...(token ? { tokenHash: token.hash } : {}) })
        .where(and(eq(reviewInvitations.id, row.id), isNull(reviewInvitations.remindedAt)))
        .returning({ id: reviewInvitations.id });
      if (!updated || !token) continue;
      await enqueueEmail(tx, {
        kind: "REVIEW_REMINDER",
        to: row.senderEmail,
        message: reviewReminderEmail({
          providerName: row.providerName,
          deliveredAt: row.deliveredAt!,
          ...invitationLinks(env().APP_URL, token.token),
        }),
      });
      reminded += 1;
    }
    return { reminded };
  });
}
