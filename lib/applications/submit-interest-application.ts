import type { Db } from "@/db/client";
import { interestApplications } from "@/db/schema";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";
import { assertCaptcha } from "@/lib/captcha/verify-turnstile";
import { enqueueEmail } from "@/lib/email/outbox";
import { verificationEmail } from "@/lib/applications/emails";
import { env } from "@/lib/config/env";
import { ipRateLimitSubject } from "@/lib/rate-limit/ip-subject";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";
import type { InterestApplicationInput } from "./schemas";
import { findExistingForEmails } from "./find-existing-for-emails";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { SUBMISSION_WINDOW_HOURS } from "@/lib/tokens/verification-rules";

export const SUBMISSIONS_PER_EMAIL = 3;
const EMAIL_WINDOW_SECONDS = SUBMISSION_WINDOW_HOURS * 3600;
const IP_WINDOW_SECONDS = 3600;

export const INTEREST_ACCEPTED_MESSAGE =
  "Thank you. Check your email for a link to confirm your address; your application goes to review once it is confirmed.";

/**
 * Stores an interest application and its verification email in one transaction, within the limits:
 * 3 per email per 24 h (exact under concurrency) and INTEREST_IP_LIMIT per client IP per hour
 * (`clientIp` is a validated address, lib/http/client-ip.ts; IPv6 counts per /64).
 * The answer is the same whether or not the email is already known, and a 429 is the same whichever
 * limit refused (docs/decisions/rate-limits-and-captcha.md, "Every 429 says the same").
 */
export async function submitInterestApplication(
  db: Db,
  params: { input: InterestApplicationInput; clientIp: string | null },
): Promise<{ applicationId: string }> {
  const { input } = params;
  await assertCaptcha({ token: input.turnstileToken, clientIp: params.clientIp, action: TURNSTILE_ACTIONS.apply });
  const ipLimit = env().INTEREST_IP_LIMIT;

  return db.transaction(async (tx) => {
    // Fixed order (IP, then email) so two limits never deadlock each other.
    if (ipLimit > 0 && params.clientIp) {
      const ip = await consumeRateLimit(tx, {
        scope: "interest:ip",
        subject: ipRateLimitSubject(params.clientIp),
        limit: ipLimit,
        windowSeconds: IP_WINDOW_SECONDS,
      });
      if (!ip.allowed) throw rateLimitedError(ip.retryAfterSeconds);
    }
    const perEmail = await consumeRateLimit(tx, {
      // Counted per mailbox, so "ada+1@" and "ada+2@" share one limit; the address is stored as typed.
      scope: "interest:email",
      subject: mailboxKey(input.email),
      limit: SUBMISSIONS_PER_EMAIL,
      windowSeconds: EMAIL_WINDOW_SECONDS,
    });
    // The same words as the per-IP refusal: whoever asks learns nothing of who else used the address.
    if (!perEmail.allowed) throw rateLimitedError(perEmail.retryAfterSeconds);

    const token = createVerificationToken();
    const [row] = await tx
      .insert(interestApplications)
      .values({
        fullName: input.fullName,
        email: input.email,
        companyName: input.companyName ?? null,
        specialties: input.specialties,
        description: input.description,
        portfolioLinks: input.portfolioLinks,
        referralSource: input.referralSource ?? null,
        tokenHash: token.hash,
        tokenExpiresAt: token.expiresAt,
      })
      .returning({ id: interestApplications.id });
    const verifyUrl = `${env().APP_URL}/verify?token=${encodeURIComponent(token.token)}`;
    // A repeat applicant hears what already exists in this email, which only the address's owner
    // reads; the answer on the page stays the same for every address.
    const existing = (await findExistingForEmails(tx, { emails: [input.email] })).get(input.email)!;
    await enqueueEmail(tx, {
      kind: "VERIFICATION",
      to: input.email,
      // Nothing the applicant typed: nobody has yet shown that the address is theirs.
      message: verificationEmail({
        verifyUrl,
        existing: {
          providers: existing.providers,
          applicationsInReview: existing.applications
            .filter((a) => a.stage === "IN_REVIEW")
            .map((a) => ({ submittedOn: a.createdAt.toISOString().slice(0, 10) })),
        },
      }),
    });
    return { applicationId: row!.id };
  });
}
