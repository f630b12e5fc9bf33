import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { providerMembers, users } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { lockTeam } from "@/lib/provider-core/lock-provider";
import { assertCanManageRole } from "./roles";
import { toMember, type Member } from "./serialize";
import { assertNotLastOwner, findActiveMember } from "./team-rules";

/**
 * Gives a member (or a pending invitation) another role. Only an OWNER grants or takes away OWNER;
 * an ADMIN moves people between MEMBER and ADMIN. The last accepted OWNER cannot be demoted, which
 * the provider lock keeps true even when two owners demote each other at the same moment.
 */
export async function changeMemberRole(
  db: Db,
  params: {
    providerId: string;
    memberId: string;
    role: MemberRole;
    caller: Caller;
  },
): Promise<Member> {
  return db.transaction(async (tx) => {
    const { provider, role: callerRole } = await lockTeam(tx, params);
    const member = await findActiveMember(tx, params);
    assertCanManageRole(callerRole, member.role);
    assertCanManageRole(callerRole, params.role);
    const [user] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, member.userId))
      .limit(1);
    if (member.role === params.role) return toMember({ member, user: user!, providerSlug: provider.slug });
    if (params.role !== "OWNER") await assertNotLastOwner(tx, member);

    const [updated] = await tx
      .update(providerMembers)
      .set({ role: params.role })
      .where(eq(providerMembers.id, member.id))
      .returning();
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: provider.id,
      action: "member.role_changed",
      targetType: "member",
      targetId: member.id,
      metadata: { email: member.inviteEmail, from: member.role, to: params.role, inviteStatus: member.inviteStatus },
    });
    return toMember({ member: updated!, user: user!, providerSlug: provider.slug });
  });
}
