import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { providerMembers, users } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { AppError } from "@/lib/errors";
import { consumeInvitationEmailLimits } from "./invitation-limits";
import { invitationExpiry, queueInvitationEmail } from "./invite-member";
import { lockProvider } from "./lock-provider";
import { assertCanManageRole } from "./roles";
import { toMember, type Member } from "./serialize";
import { actorRoleUnderLock, findActiveMember } from "./team-rules";

/**
 * Sends a pending invitation again: it is valid for another 7 days from now, expired or not, and the
 * invitation email is queued again, within the invitation email limits (invitation-limits.ts).
 * Accepted members have nothing to resend (CONFLICT).
 */
export async function resendInvitation(
  db: Db,
  params: { providerId: string; memberId: string; actor: Actor; actorRole: MemberRole; actorMemberId?: string },
): Promise<Member> {
  return db.transaction(async (tx) => {
    const provider = await lockProvider(tx, params.providerId);
    const actorRole = await actorRoleUnderLock(tx, params);
    const member = await findActiveMember(tx, params);
    assertCanManageRole(actorRole, member.role);
    if (member.inviteStatus !== "PENDING") {
      throw new AppError("CONFLICT", "That person has already accepted the invitation.");
    }
    await consumeInvitationEmailLimits(tx, { providerId: provider.id, inviteeEmail: member.inviteEmail });
    const [updated] = await tx
      .update(providerMembers)
      .set({ inviteExpiresAt: invitationExpiry() })
      .where(eq(providerMembers.id, member.id))
      .returning();
    const [user] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, member.userId))
      .limit(1);
    await queueInvitationEmail(tx, { provider, to: member.inviteEmail, role: member.role, actor: params.actor });
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: provider.id,
      action: "invitation.resent",
      targetType: "member",
      targetId: member.id,
      metadata: { email: member.inviteEmail, role: member.role, expiresAt: updated!.inviteExpiresAt?.toISOString() },
    });
    return toMember({ member: updated!, user: user!, providerSlug: provider.slug });
  });
}
