import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providers } from "@/db/schema";
import { enqueueEmail } from "@/lib/email/outbox";
import { AppError } from "@/lib/errors";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";
import { createVerificationToken, hashVerificationToken, isWellFormedToken, VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";
import { inquiryConfirmationEmail, inquiryConfirmUrl } from "./emails";
import { UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR } from "./submit-inquiry";

/**
 * "Send me a new link" for an expired confirmation link: the same unconfirmed inquiry, message and
 * all, gets a new token (the old one stops working) and a new confirmation email to the address it
 * was written with, so the visitor never retypes it. The row exists while retention keeps it (30 days
 * after its link expired, docs/decisions/retention.md); after that the link is unknown and the person
 * writes again. Each new link counts against the mailbox's hourly cap on confirmation emails, the cap
 * that writing counts against. A provider no longer listed gets nothing (404), as at confirmation.
 */
export async function renewInquiryLink(db: Db, params: { token: string | undefined }): Promise<{ message: string }> {
  if (!isWellFormedToken(params.token)) {
    throw new AppError("TOKEN_INVALID", "The confirmation link is incomplete or invalid. Use the link from the email.");
  }
  const oldHash = hashVerificationToken(params.token);
  return db.transaction(async (tx) => {
    const [inquiry] = await tx.select().from(inquiries).where(eq(inquiries.tokenHash, oldHash)).for("update").limit(1);
    if (!inquiry) throw new AppError("TOKEN_INVALID", "The confirmation link is invalid. Use the link from the email.");
    if (inquiry.status !== "AWAITING_VERIFICATION") {
      throw new AppError("CONFLICT", "This message was already confirmed and sent: there is nothing to resend.");
    }
    const [provider] = await tx
      .select({ name: providers.name })
      .from(providers)
      .where(and(eq(providers.id, inquiry.providerId), isPubliclyListed))
      .limit(1);
    if (!provider) {
      throw new AppError("NOT_FOUND", "This provider is no longer listed in the directory, so your message cannot be sent.");
    }
    const limit = await consumeRateLimit(tx, {
      scope: "inquiry:mailbox",
      subject: mailboxKey(inquiry.senderEmail),
      limit: UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR,
      windowSeconds: 3600,
    });
    if (!limit.allowed) throw rateLimitedError(limit.retryAfterSeconds);
    const token = createVerificationToken();
    await tx
      .update(inquiries)
      .set({ tokenHash: token.hash, tokenExpiresAt: token.expiresAt })
      .where(and(eq(inquiries.id, inquiry.id), eq(inquiries.tokenHash, oldHash)));
    await enqueueEmail(tx, {
      kind: "INQUIRY_CONFIRMATION",
      to: inquiry.senderEmail,
      message: inquiryConfirmationEmail({
        providerName: provider.name,
        confirmUrl: inquiryConfirmUrl(token.token),
        fields: inquiry,
      }),
    });
    return {
      message: `Your message is kept. A new confirmation link is on its way to the address you wrote from; it works for ${VERIFICATION_TTL_HOURS} hours.`,
    };
  });
}
