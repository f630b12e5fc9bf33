import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { providerMembers, users } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { enqueueEmail } from "@/lib/email/outbox";
import { invitationEmail } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { consumeInvitationEmailLimits } from "./invitation-limits";
import { lockProvider } from "./lock-provider";
import { inviterOf } from "./inviter";
import { INVITATION_TTL_DAYS } from "./schemas";
import { assertCanManageRole } from "./roles";
import { toMember, type Member } from "./serialize";
import { actorRoleUnderLock } from "./team-rules";

/** When an invitation made (or resent) now stops being valid. */
export function invitationExpiry(now = Date.now()): Date {
  return new Date(now + INVITATION_TTL_DAYS * 24 * 3600 * 1000);
}

/** Where the invitation email sends people: their invitations, after signing in. */
function invitationsUrl(): string {
  return `${env().APP_URL}/studio/invitations`;
}

/** Queues the invitation email for a pending member, in the transaction that invites or re-invites them. */
export async function queueInvitationEmail(
  tx: Db,
  params: { provider: { name: string }; to: string; role: MemberRole; actor: Actor },
): Promise<void> {
  await enqueueEmail(tx, {
    kind: "INVITATION",
    to: params.to,
    message: invitationEmail({
      providerName: params.provider.name,
      role: params.role,
      inviter: await inviterOf(tx, { actor: params.actor }),
      studioUrl: invitationsUrl(),
    }),
  });
}

/**
 * Invites an existing platform user to the team (inviteStatus PENDING) and queues the invitation
 * email in the same transaction, within the invitation email limits (invitation-limits.ts). A
 * previously removed member may be invited again.
 */
export async function inviteMember(
  db: Db,
  params: {
    providerId: string;
    email: string;
    role: MemberRole;
    actor: Actor;
    actorRole: MemberRole;
    /** The studio caller's membership, to re-check their role under the lock (see actorRoleUnderLock). */
    actorMemberId?: string;
  },
): Promise<Member> {
  assertCanManageRole(params.actorRole, params.role);
  return db.transaction(async (tx) => {
    const provider = await lockProvider(tx, params.providerId);
    assertCanManageRole(await actorRoleUnderLock(tx, params), params.role);
    const [user] = await tx.select().from(users).where(eq(users.email, params.email)).limit(1);
    if (!user) {
      throw new AppError(
        "USER_NOT_FOUND",
        "No account uses that email. The person must sign in to the studio once, which creates their account, before being invited.",
      );
    }
    const [existing] = await tx
      .select({ id: providerMembers.id })
      .from(providerMembers)
      .where(
        and(
          eq(providerMembers.providerId, provider.id),
          eq(providerMembers.userId, user.id),
          isNull(providerMembers.revokedAt),
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
        invitedByUserId: params.actor.type === "USER" || params.actor.type === "ADMIN" ? params.actor.id : null,
        inviteExpiresAt: invitationExpiry(),
      })
      .returning();
    await queueInvitationEmail(tx, { provider, to: user.email, role: params.role, actor: params.actor });
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: provider.id,
      action: "member.invited",
      targetType: "member",
      targetId: member!.id,
      metadata: { email: user.email, role: params.role },
    });
    return toMember({ member: member!, user, providerSlug: provider.slug });
  });
}
