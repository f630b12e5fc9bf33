import type { Db } from "@/db/client";
import { privacyRequestSeals } from "@/db/schema-privacy";
import { privacyRequests } from "@/db/schema-reviews";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";
import { assertCaptcha } from "@/lib/captcha/verify-turnstile";
import { env } from "@/lib/config/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { ipRateLimitSubject } from "@/lib/rate-limit/ip-subject";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { privacyConfirmEmail } from "./emails";
import { mailboxHash } from "./mailbox-hash";
import { PRIVACY_CONFIRM_TTL_HOURS, PRIVACY_MAILBOX_WINDOW_HOURS, PRIVACY_REQUESTS_PER_MAILBOX } from "./privacy-rules";
import type { PrivacyRequestSubmission } from "./schemas";
import { sealAddress } from "./seal-address";

const HOUR_SECONDS = 3600;

/**
 * Records a visitor's access or erasure request and emails the confirmation link, in one transaction.
 * It reads nothing of what is held for the address: the same statements run, the same row is written
 * and the same email queued whether or not anything is, so neither the answer nor its timing tells a
 * stranger whether an address ever wrote here. Limits (exact under concurrency, one fixed order):
 * PRIVACY_IP_LIMIT per client per hour, then PRIVACY_REQUESTS_PER_MAILBOX per mailbox per 24 hours,
 * all clients together; a refusal is the neutral 429 and rolls back. 400 CAPTCHA_FAILED.
 */
export async function submitPrivacyRequest(
  db: Db,
  params: { input: PrivacyRequestSubmission; clientIp: string | null; now?: Date },
): Promise<{ requestId: string }> {
  const { input } = params;
  await assertCaptcha({ token: input.turnstileToken, clientIp: params.clientIp, action: TURNSTILE_ACTIONS.privacy });
  const now = params.now ?? new Date();
  const ipLimit = env().PRIVACY_IP_LIMIT;
  const limits = [
    ...(ipLimit > 0 && params.clientIp
      ? [{ scope: "privacy:ip", subject: ipRateLimitSubject(params.clientIp), limit: ipLimit, windowSeconds: HOUR_SECONDS }]
      : []),
    {
      scope: "privacy:mailbox",
      subject: mailboxKey(input.email),
      limit: PRIVACY_REQUESTS_PER_MAILBOX,
      windowSeconds: PRIVACY_MAILBOX_WINDOW_HOURS * HOUR_SECONDS,
    },
  ];
  const token = createVerificationToken();
  return db.transaction(async (tx) => {
    for (const limit of limits) {
      const result = await consumeRateLimit(tx, limit);
      if (!result.allowed) throw rateLimitedError(result.retryAfterSeconds);
    }
    const [row] = await tx
      .insert(privacyRequests)
      .values({
        kind: input.kind,
        mailboxHash: mailboxHash(input.email),
        tokenHash: token.hash,
        expiresAt: new Date(now.getTime() + PRIVACY_CONFIRM_TTL_HOURS * HOUR_SECONDS * 1000),
        createdAt: now,
      })
      .returning({ id: privacyRequests.id });
    await tx.insert(privacyRequestSeals).values({ requestId: row!.id, sealedAddress: sealAddress(input.email, token.token) });
    await enqueueEmail(tx, {
      kind: "PRIVACY_CONFIRM",
      to: input.email,
      message: privacyConfirmEmail({
        kind: input.kind,
        confirmUrl: `${env().APP_URL}/privacy/confirm?token=${encodeURIComponent(token.token)}`,
      }),
    });
    return { requestId: row!.id };
  });
}
