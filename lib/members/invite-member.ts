import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { providerMembers, users } from "@/db/schema";
import { createSignInLink } from "@/lib/auth/create-sign-in-link";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { enqueueEmail } from "@/lib/email/outbox";
import { invitationEmail } from "./emails";
import { AppError } from "@/lib/errors";
import { consumeInvitationEmailLimits, consumeInvitationProviderLimit } from "./invitation-limits";
import { activeMember } from "@/lib/provider-core/active-member";
import { lockTeam } from "@/lib/provider-core/lock-provider";
import { INVITATION_ACCOUNT_VIA } from "./remove-unused-invitee-account";
import { inviterOf } from "./inviter";
import { INVITATION_TTL_DAYS } from "./schemas";
import { assertCanManageRole } from "./roles";
import { toMember, type Member } from "./serialize";

/** When an invitation made (or resent) now stops being valid. */
export function invitationExpiry(now = Date.now()): Date {
  return new Date(now + INVITATION_TTL_DAYS * 24 * 3600 * 1000);
}

/** Queues the invitation email for a pending member, in the transaction that invites or re-invites them. */
export async function queueInvitationEmail(
  tx: Db,
  params: { provider: { name: string }; to: string; role: MemberRole; actor: Actor },
): Promise<void> {
  // Signs the invitee in (creating their account on first use) and lands on their invitations.
  const signIn = await createSignInLink(tx, {
    email: params.to,
    returnPath: "/studio/invitations",
    purpose: { kind: "invitation", providerName: params.provider.name },
  });
  await enqueueEmail(tx, {
    kind: "INVITATION",
    to: params.to,
    message: invitationEmail({
      providerName: params.provider.name,
      role: params.role,
      inviter: await inviterOf(tx, { actor: params.actor }),
      signInUrl: signIn.url,
      signInExpires: signIn.expires,
    }),
  });
}

/**
 * The account of someone invited before they ever signed in, made in the inviting transaction. It
 * lasts as long as an invitation keeps it: withdrawn or expired before the first sign-in, it is
 * removed again (remove-unused-invitee-account.ts).
 */
async function createInviteeAccount(tx: Db, params: { email: string; actor: Actor }) {
  // ON CONFLICT: the person may be signing in for the first time at this very moment.
  const [created] = await tx.insert(users).values({ email: params.email }).onConflictDoNothing({ target: users.email }).returning();
  if (!created) {
    const [existing] = await tx.select().from(users).where(eq(users.email, params.email)).for("share").limit(1);
    return existing;
  }
  await recordAuditEvent(tx, {
    actor: params.actor,
    providerId: null,
    action: "user.created",
    targetType: "user",
    targetId: created.id,
    metadata: { email: params.email, via: INVITATION_ACCOUNT_VIA },
  });
  return created;
}

/**
 * Invites a platform user (or, from the studio, someone who has never signed in) to the team (inviteStatus PENDING) and queues the invitation
 * email in the same transaction, within the invitation email limits (invitation-limits.ts). An address
 * without an account (422 USER_NOT_FOUND, the API) counts against the provider's limit as well. A
 * previously removed member may be invited again.
 */
export async function inviteMember(
  db: Db,
  params: {
    providerId: string;
    email: string;
    role: MemberRole;
    caller: Caller;
    /**
     * The studio invites people who have never signed in: their account is made now (no name, email
     * not yet verified) and their first sign-in, through the emailed link, verifies it; it is removed
     * again if the invitation ends first. The API keeps the contract's 422 USER_NOT_FOUND instead.
     */
    createAccountIfMissing?: boolean;
  },
): Promise<Member> {
  const { actor } = params.caller;
  if (params.caller.role) assertCanManageRole(params.caller.role, params.role);
  const outcome = await db.transaction(async (tx) => {
    const { provider, role: callerRole } = await lockTeam(tx, params);
    assertCanManageRole(callerRole, params.role);
    // A share lock: an account an ending invitation is removing at this moment (remove-unused-invitee-
    // account.ts) is then either kept by this invitation or already gone, and made again below.
    const [found] = await tx.select().from(users).where(eq(users.email, params.email)).for("share").limit(1);
    let user = found;
    if (!user && params.createAccountIfMissing) {
      user = await createInviteeAccount(tx, { email: params.email, actor });
    }
    if (!user) {
      // The refusal counts against the provider's invitation limit, so it must commit: the 422 is
      // thrown once the transaction has. Past the limit it is a 429 like any other, telling nothing.
      await consumeInvitationProviderLimit(tx, { providerId: provider.id });
      return { unknownAddress: true as const };
    }
    const [existing] = await tx
      .select({ id: providerMembers.id })
      .from(providerMembers)
      .where(
        and(
          eq(providerMembers.providerId, provider.id),
          eq(providerMembers.userId, user.id),
          activeMember(),
        ),
      )
      .limit(1);
    if (existing) throw new AppError("ALREADY_MEMBER", "That person is already a member of this team.");
    await consumeInvitationEmailLimits(tx, { providerId: provider.id, inviteeEmail: user.email });

    const [member] = await tx
      .insert(providerMembers)
      .values({
        providerId: provider.id,
        userId: user.id,
        role: params.role,
        inviteEmail: user.email,
        inviteStatus: "PENDING",
        invitedByUserId: actor.type === "USER" || actor.type === "ADMIN" ? actor.id : null,
        inviteExpiresAt: invitationExpiry(),
      })
      .returning();
    await queueInvitationEmail(tx, { provider, to: user.email, role: params.role, actor });
    await recordAuditEvent(tx, {
      actor,
      providerId: provider.id,
      action: "member.invited",
      targetType: "member",
      targetId: member!.id,
      metadata: { email: user.email, role: params.role },
    });
    return { member: toMember({ member: member!, user, providerSlug: provider.slug }) };
  });
  if ("unknownAddress" in outcome) {
    throw new AppError(
      "USER_NOT_FOUND",
      "No account uses that email. The person must sign in to the studio once, which creates their account, before being invited.",
    );
  }
  return outcome.member;
}
