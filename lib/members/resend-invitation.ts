import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers, users } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { consumeInvitationEmailLimits } from "./invitation-limits";
import { invitationExpiry, queueInvitationEmail } from "./invite-member";
import { lockTeam } from "@/lib/provider-core/lock-provider";
import { assertCanManageRole } from "./roles";
import { toMember, type Member } from "./serialize";
import { findActiveMember } from "./team-rules";

/**
 * Sends a pending invitation again: it is valid for another 7 days from now, expired or not, and the
 * invitation email is queued again, within the invitation email limits (invitation-limits.ts).
 * Accepted members have nothing to resend (CONFLICT).
 */
export async function resendInvitation(
  db: Db,
  params: { providerId: string; memberId: string; caller: Caller },
): Promise<Member> {
  return db.transaction(async (tx) => {
    const { provider, role: callerRole } = await lockTeam(tx, params);
    const member = await findActiveMember(tx, params);
    assertCanManageRole(callerRole, member.role);
    if (member.inviteStatus !== "PENDING") {
      throw new AppError("CONFLICT", "That person has already accepted the invitation.");
    }
    // A share lock, as inviteMember takes: the account an expiry sweep is removing right now is either
    // kept by this renewal or already gone with this invitation (then: not found).
    const [user] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, member.userId))
      .for("share")
      .limit(1);
    if (!user) throw new AppError("NOT_FOUND", "That invitation has ended. Invite the person again.");
    await consumeInvitationEmailLimits(tx, { providerId: provider.id, inviteeEmail: member.inviteEmail });
    const [updated] = await tx
      .update(providerMembers)
      .set({ inviteExpiresAt: invitationExpiry() })
      .where(eq(providerMembers.id, member.id))
      .returning();
    await queueInvitationEmail(tx, { provider, to: member.inviteEmail, role: member.role, actor: params.caller.actor });
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: provider.id,
      action: "invitation.resent",
      targetType: "member",
      targetId: member.id,
      metadata: { email: member.inviteEmail, role: member.role, expiresAt: updated!.inviteExpiresAt?.toISOString() },
    });
    return toMember({ member: updated!, user, providerSlug: provider.slug });
  });
}
