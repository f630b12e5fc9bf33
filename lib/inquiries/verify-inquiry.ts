import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providers } from "@/db/schema";
import { hashVerificationToken, isWellFormedToken, VERIFICATION_TTL_HOURS } from "@/lib/applications/verification-token";
import { inquiryNotificationEmail } from "@/lib/email/inquiry-templates";
import { enqueueEmail } from "@/lib/email/outbox";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { isPubliclyListed } from "@/lib/providers/public-visibility";
import { listInquiryRecipients } from "./list-inquiry-recipients";
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
 *
 * Delivery re-checks the provider: one no longer listed (unpublished, suspended) since the inquiry was
 * written gets nothing, and the sender a 404 saying so (the link keeps working for its 24 hours, should
 * the provider be listed again). One that stopped accepting clients still receives it: the sender wrote
 * while it was open and did everything asked, and the team can answer no.
 */
export async function verifyInquiry(db: Db, params: { token: string | undefined }): Promise<InquiryVerificationResult> {
  if (!isWellFormedToken(params.token)) {
    throw new AppError("TOKEN_INVALID", "The confirmation link is incomplete or invalid. Use the link from the email.");
  }
  const tokenHash = hashVerificationToken(params.token);
  const delivered = await db.transaction(async (tx) => {
    const listed = tx.select({ id: providers.id }).from(providers).where(isPubliclyListed);
    const [inquiry] = await tx
      .update(inquiries)
      .set({ status: "NEW", deliveredAt: sql`now()`, statusChangedAt: sql`now()` })
      .where(
        and(
          eq(inquiries.tokenHash, tokenHash),
          eq(inquiries.status, "AWAITING_VERIFICATION"),
          gt(inquiries.tokenExpiresAt, sql`now()`),
          inArray(inquiries.providerId, listed),
        ),
      )
      .returning();
    if (!inquiry) return false;
    const email = inquiryNotificationEmail({
      inboxUrl: `${env().APP_URL}/studio/inquiries/${inquiry.id}`,
      fields: inquiry,
    });
    for (const to of await listInquiryRecipients(tx, { providerId: inquiry.providerId })) {
      await enqueueEmail(tx, { kind: "INQUIRY_NOTIFICATION", to, replyTo: inquiry.senderEmail, message: email });
    }
    await refreshResponsiveness(tx, { providerId: inquiry.providerId });
    return true;
  });
  if (delivered) return { success: true, message: DELIVERED_MESSAGE, status: "DELIVERED" };

  const [inquiry] = await db
    .select({ status: inquiries.status, expired: sql<boolean>`${inquiries.tokenExpiresAt} <= now()` })
    .from(inquiries)
    .where(eq(inquiries.tokenHash, tokenHash))
    .limit(1);
  if (!inquiry) throw new AppError("TOKEN_INVALID", "The confirmation link is invalid. Use the link from the email.");
  if (inquiry.status !== "AWAITING_VERIFICATION") {
    // Already delivered: the identical answer, whatever the provider has done with it since.
    return { success: true, message: DELIVERED_MESSAGE, status: "DELIVERED" };
  }
  if (inquiry.expired) {
    throw new AppError(
      "TOKEN_EXPIRED",
      `The confirmation link has expired (links last ${VERIFICATION_TTL_HOURS} hours). Please write again.`,
    );
  }
  throw new AppError(
    "NOT_FOUND",
    "This provider is no longer listed in the directory, so your message was not sent. Nothing more to do.",
  );
}
