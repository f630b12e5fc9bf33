import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providerMembers, users } from "@/db/schema";
import { hashVerificationToken, isWellFormedToken } from "@/lib/applications/verification-token";
import { inquiryNotificationEmail } from "@/lib/email/inquiry-templates";
import { enqueueEmail } from "@/lib/email/outbox";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { refreshResponsiveness } from "./refresh-responsiveness";

export interface InquiryVerificationResult {
  success: true;
  message: string;
  status: "DELIVERED";
}

const DELIVERED_MESSAGE =
  "Your email is confirmed and your message is on its way to the provider. They will answer you by email.";

/**
 * Confirms the sender's email and delivers the inquiry: one conditional UPDATE (so concurrent
 * confirmations deliver it once), and in that transaction one notification to each accepted OWNER and
 * ADMIN, with the sender as Reply-To. Repeating a used token answers the same, changing nothing.
 */
export async function verifyInquiry(db: Db, params: { token: string | undefined }): Promise<InquiryVerificationResult> {
  if (!isWellFormedToken(params.token)) {
    throw new AppError("TOKEN_INVALID", "The confirmation link is incomplete or invalid. Use the link from the email.");
  }
  const tokenHash = hashVerificationToken(params.token);
  const delivered = await db.transaction(async (tx) => {
    const [inquiry] = await tx
      .update(inquiries)
      .set({ status: "NEW", deliveredAt: sql`now()`, statusChangedAt: sql`now()` })
      .where(
        and(
          eq(inquiries.tokenHash, tokenHash),
          eq(inquiries.status, "AWAITING_VERIFICATION"),
          gt(inquiries.tokenExpiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!inquiry) return false;
    const recipients = await tx
      .select({ email: users.email })
      .from(providerMembers)
      .innerJoin(users, eq(users.id, providerMembers.userId))
      .where(
        and(
          eq(providerMembers.providerId, inquiry.providerId),
          eq(providerMembers.inviteStatus, "ACCEPTED"),
          sql`${providerMembers.revokedAt} is null`,
          sql`${providerMembers.role} in ('OWNER', 'ADMIN')`,
        ),
      );
    const email = inquiryNotificationEmail({
      inboxUrl: `${env().APP_URL}/studio/inquiries/${inquiry.id}`,
      fields: inquiry,
    });
    for (const recipient of recipients) {
      await enqueueEmail(tx, {
        kind: "INQUIRY_NOTIFICATION",
        to: recipient.email,
        replyTo: inquiry.senderEmail,
        message: email,
      });
    }
    await refreshResponsiveness(tx, { providerId: inquiry.providerId });
    return true;
  });
  if (delivered) return { success: true, message: DELIVERED_MESSAGE, status: "DELIVERED" };

  const [inquiry] = await db
    .select({ status: inquiries.status })
    .from(inquiries)
    .where(eq(inquiries.tokenHash, tokenHash))
    .limit(1);
  if (!inquiry) throw new AppError("TOKEN_INVALID", "The confirmation link is invalid. Use the link from the email.");
  if (inquiry.status === "AWAITING_VERIFICATION") {
    throw new AppError("TOKEN_EXPIRED", "The confirmation link has expired (links last 24 hours). Please write again.");
  }
  // Already delivered: the identical answer, whatever the provider has done with it since.
  return { success: true, message: DELIVERED_MESSAGE, status: "DELIVERED" };
}
