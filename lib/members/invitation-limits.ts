import type { Db } from "@/db/client";
import { AppError } from "@/lib/errors";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";

// Every invitation email (a new invitation or a resend) counts against two sliding 24-hour limits,
// so a key or a person cannot turn the team endpoints into a mail cannon: an invite-then-remove
// loop stops at the invitee's limit, a sweep of many addresses at the provider's.

/** Invitation emails one provider may send per sliding 24 hours, to anyone. */
export const INVITATION_EMAILS_PER_PROVIDER = 50;
/** Invitation emails one mailbox may receive per sliding 24 hours, from every provider together. */
export const INVITATION_EMAILS_PER_INVITEE = 5;
export const INVITATION_LIMIT_WINDOW_HOURS = 24;

/**
 * Counts one invitation email against both limits, or throws RATE_LIMITED with Retry-After. Call it
 * in the transaction that queues the email, after every other check, so only invitations that are
 * sent count, exactly under any concurrency (consumeRateLimit). Always provider first, then the
 * invitee: one order, so two calls never wait on each other's locks.
 */
export async function consumeInvitationEmailLimits(
  tx: Db,
  params: { providerId: string; inviteeEmail: string },
): Promise<void> {
  const windowSeconds = INVITATION_LIMIT_WINDOW_HOURS * 3600;
  const perProvider = await consumeRateLimit(tx, {
    scope: "invitation:provider",
    subject: params.providerId,
    limit: INVITATION_EMAILS_PER_PROVIDER,
    windowSeconds,
  });
  if (!perProvider.allowed) {
    throw rateLimited(
      perProvider.retryAfterSeconds,
      `This provider has sent ${INVITATION_EMAILS_PER_PROVIDER} invitation emails in the last ${INVITATION_LIMIT_WINDOW_HOURS} hours, the most it may. Try again later.`,
    );
  }
  const perInvitee = await consumeRateLimit(tx, {
    scope: "invitation:invitee",
    subject: mailboxKey(params.inviteeEmail),
    limit: INVITATION_EMAILS_PER_INVITEE,
    windowSeconds,
  });
  if (!perInvitee.allowed) {
    throw rateLimited(
      perInvitee.retryAfterSeconds,
      `That address has been sent ${INVITATION_EMAILS_PER_INVITEE} invitation emails in the last ${INVITATION_LIMIT_WINDOW_HOURS} hours, the most it may receive. Try again later.`,
    );
  }
}

function rateLimited(retryAfterSeconds: number, detail: string): AppError {
  return new AppError("RATE_LIMITED", detail, { headers: { "Retry-After": String(retryAfterSeconds) } });
}
