import type { Db } from "@/db/client";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";

// Every invitation email (a new invitation or a resend) counts against two sliding 24-hour limits,
// so a key or a person cannot turn the team endpoints into a mail cannon: an invite-then-remove
// loop stops at the invitee's limit, a sweep of many addresses at the provider's. An invitation
// refused because no account uses the address (422 USER_NOT_FOUND) counts against the provider's
// limit too: otherwise a key could ask about any number of addresses, learning which have accounts.

/** Invitations one provider may make per sliding 24 hours: emails sent, and addresses without an account. */
export const INVITATION_EMAILS_PER_PROVIDER = 50;
/** Invitation emails one mailbox may receive per sliding 24 hours, from every provider together. */
export const INVITATION_EMAILS_PER_INVITEE = 5;
export const INVITATION_LIMIT_WINDOW_HOURS = 24;
const WINDOW_SECONDS = INVITATION_LIMIT_WINDOW_HOURS * 3600;

/**
 * Counts one invitation against the provider's limit, or throws RATE_LIMITED with Retry-After (the
 * same neutral words as every limit). On its own for an address without an account, in a transaction
 * that then commits (so the refusal counts); through consumeInvitationEmailLimits for an email.
 */
export async function consumeInvitationProviderLimit(tx: Db, params: { providerId: string }): Promise<void> {
  const perProvider = await consumeRateLimit(tx, {
    scope: "invitation:provider",
    subject: params.providerId,
    limit: INVITATION_EMAILS_PER_PROVIDER,
    windowSeconds: WINDOW_SECONDS,
  });
  if (!perProvider.allowed) throw rateLimitedError(perProvider.retryAfterSeconds);
}

/**
 * Counts one invitation email against both limits, or throws RATE_LIMITED with Retry-After. Call it
 * in the transaction that queues the email, after every other check, so only invitations that are
 * sent count, exactly under any concurrency (consumeRateLimit). Always provider first, then the
 * invitee: one order, so two calls never wait on each other's locks. The two refusals read alike: a
 * provider must not learn that other providers have been inviting the same person.
 */
export async function consumeInvitationEmailLimits(
  tx: Db,
  params: { providerId: string; inviteeEmail: string },
): Promise<void> {
  await consumeInvitationProviderLimit(tx, params);
  const perInvitee = await consumeRateLimit(tx, {
    scope: "invitation:invitee",
    subject: mailboxKey(params.inviteeEmail),
    limit: INVITATION_EMAILS_PER_INVITEE,
    windowSeconds: WINDOW_SECONDS,
  });
  if (!perInvitee.allowed) throw rateLimitedError(perInvitee.retryAfterSeconds);
}
