import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { interestApplications } from "@/db/schema";
import { enqueueEmail } from "@/lib/email/outbox";
import { verificationEmail } from "@/lib/applications/emails";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";
import { SUBMISSIONS_PER_EMAIL } from "./submit-interest-application";
import { createVerificationToken, hashVerificationToken, isWellFormedToken } from "@/lib/tokens/verification-token";
import { SUBMISSION_WINDOW_HOURS, VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-rules";

/**
 * "Send me a new link" for an expired verification link: the same application gets a new token (the
 * old one stops working) and a new verification email to the address it was made with, so nobody
 * retypes the form. It counts against the same per-mailbox limit as applying. Only an unconfirmed
 * application qualifies (the page offers it for an expired link; asking while the link still works
 * just replaces it); the answer never names the address.
 */
export async function resendVerification(db: Db, params: { token: string | undefined }): Promise<{ message: string }> {
  if (!isWellFormedToken(params.token)) {
    throw new AppError("TOKEN_INVALID", "The verification link is incomplete or invalid. Use the link from the email.");
  }
  const oldHash = hashVerificationToken(params.token);
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(interestApplications)
      .where(eq(interestApplications.tokenHash, oldHash))
      .for("update")
      .limit(1);
    if (!application) throw new AppError("TOKEN_INVALID", "The verification link is invalid. Use the link from the email.");
    if (application.stage !== "AWAITING_VERIFICATION") {
      throw new AppError("CONFLICT", "This application's email is already confirmed: there is nothing to resend.");
    }
    const limit = await consumeRateLimit(tx, {
      scope: "interest:email",
      subject: mailboxKey(application.email),
      limit: SUBMISSIONS_PER_EMAIL,
      windowSeconds: SUBMISSION_WINDOW_HOURS * 3600,
    });
    if (!limit.allowed) throw rateLimitedError(limit.retryAfterSeconds);
    const token = createVerificationToken();
    await tx
      .update(interestApplications)
      .set({ tokenHash: token.hash, tokenExpiresAt: token.expiresAt })
      .where(and(eq(interestApplications.id, application.id), eq(interestApplications.tokenHash, oldHash)));
    await enqueueEmail(tx, {
      kind: "VERIFICATION",
      to: application.email,
      message: verificationEmail({ verifyUrl: `${env().APP_URL}/verify?token=${encodeURIComponent(token.token)}` }),
    });
    return { message: `A new confirmation link is on its way to the address you applied with. It works for ${VERIFICATION_TTL_HOURS} hours.` };
  });
}
