import type { Db } from "@/db/client";
import { enqueueEmail } from "@/lib/email/outbox";
import { signInEmail } from "@/lib/email/templates";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";

/**
 * Queues a sign-in link through the outbox, like every other email, so the local mailbox shows it in
 * development and an email outage delays it rather than losing it.
 */
export async function sendSignInEmail(
  db: Db,
  params: { email: string; callbackUrl: string; expires: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const limit = await consumeRateLimit(tx, {
      // Per mailbox: "ada+1@" and "ada+2@" reach one inbox and share one limit.
      scope: "signin:email",
      subject: mailboxKey(params.email),
      // Per hour (SIGN_IN_EMAIL_LIMIT, default 5): enough for a mistyped attempt, too few to flood an inbox.
      limit: env().SIGN_IN_EMAIL_LIMIT,
      windowSeconds: 3600,
    });
    if (!limit.allowed) {
      throw new AppError("RATE_LIMITED", "Too many sign-in links were requested for this address. Try again later.", {
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      });
    }
    await enqueueEmail(tx, {
      kind: "SIGN_IN",
      to: params.email,
      message: signInEmail({ url: signInConfirmUrl(params.callbackUrl), expires: params.expires }),
    });
  });
}

/**
 * The emailed link opens a page with a "Sign in" button instead of Auth.js's callback itself: mail
 * scanners that follow links would otherwise use up the one-time token before the person clicks.
 */
export function signInConfirmUrl(callbackUrl: string): string {
  const callback = new URL(callbackUrl);
  const confirm = new URL("/signin/confirm", callback.origin);
  for (const [key, value] of callback.searchParams) confirm.searchParams.set(key, value);
  return confirm.toString();
}
