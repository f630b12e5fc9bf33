import type { Db } from "@/db/client";
import { enqueueEmail } from "@/lib/email/outbox";
import { signInEmail } from "./emails";
import { env } from "@/lib/config/env";
import { assertCaptcha } from "@/lib/captcha/verify-turnstile";
import { TURNSTILE_ACTIONS } from "@/lib/captcha/turnstile-actions";
import { ipRateLimitSubject } from "@/lib/rate-limit/ip-subject";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";

/** The window of both sign-in limits. */
const SIGN_IN_WINDOW_SECONDS = 3600;

/**
 * Queues a sign-in link through the outbox, like every other email, so the local mailbox shows it in
 * development and an email outage delays it rather than losing it.
 *
 * Who may have links sent (docs/decisions/studio-sign-in.md, "How many links"): with CAPTCHA
 * configured, only a request with a token siteverify accepts; then, in one transaction and in this
 * order, SIGN_IN_IP_LIMIT links per client per hour (to any addresses: one client cannot mail links to
 * any number of addresses) and SIGN_IN_EMAIL_LIMIT links per mailbox *and client* per hour. The
 * mailbox limit is keyed with the client, so a stranger asking for someone's links from elsewhere
 * uses up only their own allowance and never locks the owner out. Every refusal is the same neutral
 * RATE_LIMITED (or CAPTCHA_FAILED), and Auth.js turns each into the same `EmailSignin` answer.
 */
export async function sendSignInEmail(
  db: Db,
  params: { email: string; callbackUrl: string; expires: Date; clientIp: string | null; turnstileToken?: string },
): Promise<void> {
  await assertCaptcha({ token: params.turnstileToken, clientIp: params.clientIp, action: TURNSTILE_ACTIONS.signIn });
  const client = params.clientIp ? ipRateLimitSubject(params.clientIp) : null;
  const ipLimit = env().SIGN_IN_IP_LIMIT;
  await db.transaction(async (tx) => {
    // Fixed order (client, then mailbox and client) so two limits never deadlock each other.
    if (ipLimit > 0 && client) {
      const perClient = await consumeRateLimit(tx, {
        scope: "signin:ip",
        subject: client,
        limit: ipLimit,
        windowSeconds: SIGN_IN_WINDOW_SECONDS,
      });
      if (!perClient.allowed) throw rateLimitedError(perClient.retryAfterSeconds);
    }
    const perMailbox = await consumeRateLimit(tx, {
      // Per mailbox ("ada+1@" and "ada+2@" reach one inbox) and client; an unknown client is one client.
      scope: "signin:email-client",
      subject: `${mailboxKey(params.email)}\n${client ?? ""}`,
      // Per hour (SIGN_IN_EMAIL_LIMIT, default 5): enough for a mistyped attempt, too few to flood an inbox.
      limit: env().SIGN_IN_EMAIL_LIMIT,
      windowSeconds: SIGN_IN_WINDOW_SECONDS,
    });
    if (!perMailbox.allowed) throw rateLimitedError(perMailbox.retryAfterSeconds);
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
