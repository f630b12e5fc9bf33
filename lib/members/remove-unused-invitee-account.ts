import { and, asc, eq, gt, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, auditEvents, providerMembers, sessions, users, type User } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { activeMember } from "@/lib/provider-core/active-member";
import { lockProvider } from "@/lib/provider-core/lock-provider";

// A studio may invite an address that has no account (invite-member.ts, createAccountIfMissing): the
// account is made with the invitation, so the pending member is an ordinary Member with a user. That
// account exists for the invitation only. When every invitation that kept it has ended (withdrawn by
// the team or expired) and the person never signed in, the account is removed again, and the address
// is once more "no account" (the API's 422 USER_NOT_FOUND). See docs/decisions/team-and-invitations.md, "Inviting someone who never signed in".

/** The `via` of the `user.created` event an invitation records for the account it makes. */
export const INVITATION_ACCOUNT_VIA = "member.invited";

/** Membership rows that still keep an account: accepted, or invited and not yet expired. */
function liveMembership(now: Date) {
  return and(
    activeMember(),
    or(
      eq(providerMembers.inviteStatus, "ACCEPTED"),
      isNull(providerMembers.inviteExpiresAt),
      gt(providerMembers.inviteExpiresAt, now),
    ),
  );
}

/**
 * At the end of a transaction that withdrew an invitation: removes the invitee's account if an
 * invitation made it and nothing keeps it any more: never signed in (no verified email, no session,
 * no linked account), no platform admin, and no membership row left at all. An expired invitation
 * elsewhere still leaves the account to the expiry sweep, which records that team's expiry under
 * its lock. Returns whether it removed the account.
 *
 * Locks, in the one order every team change keeps (provider row, then the invitee's user row, then
 * member rows): the caller holds its team lock and locked this user row before changing the member
 * row (removeMember); inviting and resending take a share lock on the row after their team lock, so
 * an invitation made or resent at this moment either keeps the account or finds it gone.
 */
export async function removeInviteeAccountIfUnused(tx: Db, params: { userId: string; actor: Actor }): Promise<boolean> {
  const user = await lockUser(tx, params.userId);
  if (!user || (await keptBySignIn(tx, user))) return false;
  if (await hasAny(tx, providerMembers, and(eq(providerMembers.userId, user.id), activeMember()))) return false;
  if (!(await madeByInvitation(tx, user))) return false;
  await deleteAccount(tx, user, params.actor);
  return true;
}

/**
 * The expiry sweep's step for one person, in a transaction of its own: if every invitation keeping
 * the account has expired, each is recorded as expired on its team and the account goes. The teams
 * are locked first (in id order), then the user row, the order of removeInviteeAccountIfUnused.
 */
async function removeIfAllInvitationsExpired(tx: Db, params: { userId: string; now: Date }): Promise<boolean> {
  const teams = await tx
    .selectDistinct({ providerId: providerMembers.providerId })
    .from(providerMembers)
    .where(and(eq(providerMembers.userId, params.userId), activeMember()))
    .orderBy(asc(providerMembers.providerId));
  for (const { providerId } of teams) await lockProvider(tx, providerId);
  const user = await lockUser(tx, params.userId);
  if (!user || (await keptBySignIn(tx, user))) return false;
  if (await hasAny(tx, providerMembers, and(eq(providerMembers.userId, user.id), liveMembership(params.now)))) return false;
  if (!(await madeByInvitation(tx, user))) return false;

  const expired = await tx
    .select()
    .from(providerMembers)
    .where(and(eq(providerMembers.userId, user.id), activeMember()));
  // A team whose row appeared after the look-up above is not locked: leave the person to the next run.
  if (expired.some((m) => !teams.some((t) => t.providerId === m.providerId))) return false;
  for (const member of expired) {
    await recordAuditEvent(tx, {
      actor: EXPIRY_ACTOR,
      providerId: member.providerId,
      action: "invitation.expired",
      targetType: "member",
      targetId: member.id,
      metadata: { email: member.inviteEmail, role: member.role, expiresAt: member.inviteExpiresAt?.toISOString() ?? null },
    });
  }
  await deleteAccount(tx, user, EXPIRY_ACTOR);
  return true;
}

async function lockUser(tx: Db, userId: string): Promise<User | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
  return user;
}

/** Whether the person ever signed in (or is an admin): then the account is theirs and stays. */
async function keptBySignIn(tx: Db, user: User): Promise<boolean> {
  if (user.emailVerified !== null || user.isAdmin) return true;
  return (await hasAny(tx, sessions, eq(sessions.userId, user.id))) || (await hasAny(tx, accounts, eq(accounts.userId, user.id)));
}

async function deleteAccount(tx: Db, user: User, actor: Actor): Promise<void> {
  await recordAuditEvent(tx, {
    actor,
    providerId: null,
    action: "user.removed",
    targetType: "user",
    targetId: user.id,
    metadata: { email: user.email, reason: "invitation ended before the first sign-in" },
  });
  // Cascades to the person's membership rows, all ended; nothing else of theirs exists.
  await tx.delete(users).where(eq(users.id, user.id));
}

async function hasAny(tx: Db, table: typeof sessions | typeof accounts | typeof providerMembers, where: SQL | undefined) {
  const rows = await tx.select({ one: sql`1` }).from(table).where(where).limit(1);
  return rows.length > 0;
}

/**
 * Whether the account was made by an invitation rather than by an approval, the operator or a sign-in.
 * The `user.created` event is written in the transaction that inserts the user, so both carry the
 * same `now()`: the created-at range keeps the look-up on the audit trail's time index.
 */
async function madeByInvitation(tx: Db, user: { id: string; createdAt: Date }): Promise<boolean> {
  const [event] = await tx
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        gte(auditEvents.createdAt, user.createdAt),
        lte(auditEvents.createdAt, new Date(user.createdAt.getTime() + 60_000)),
        eq(auditEvents.action, "user.created"),
        eq(auditEvents.targetId, user.id),
        sql`${auditEvents.metadata} ->> 'via' = ${INVITATION_ACCOUNT_VIA}`,
      ),
    )
    .limit(1);
  return Boolean(event);
}

/** The registry itself, as the actor of the expiry sweep. */
export const EXPIRY_ACTOR: Actor = { type: "SYSTEM", id: null, label: "registry (invitation expired)" };

/**
 * The sweep for invitations that simply expire (no one acts, so no transaction ends them): the
 * accounts of never-signed-in people whose invitations have all expired. Run by the maintenance
 * purge; at most `limit` accounts per run (`more`: the rest next time).
 */
export async function removeAccountsOfExpiredInvitations(
  db: Db,
  params: { now?: Date; limit?: number } = {},
): Promise<{ deleted: number; more: boolean }> {
  const now = params.now ?? new Date();
  const limit = params.limit ?? 500;
  const candidates = await db
    .selectDistinct({ userId: providerMembers.userId })
    .from(providerMembers)
    .innerJoin(users, eq(users.id, providerMembers.userId))
    .where(
      and(
        activeMember(),
        eq(providerMembers.inviteStatus, "PENDING"),
        lte(providerMembers.inviteExpiresAt, now),
        isNull(users.emailVerified),
        eq(users.isAdmin, false),
      ),
    )
    .limit(limit);
  let deleted = 0;
  for (const { userId } of candidates) {
    // One transaction per account (a savepoint inside the maintenance transaction): its row lock
    // must last until the account is gone.
    if (await db.transaction((tx) => removeIfAllInvitationsExpired(tx, { userId, now }))) deleted += 1;
  }
  return { deleted, more: candidates.length === limit };
}
