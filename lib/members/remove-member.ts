import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers, users } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { lockTeam } from "@/lib/provider-core/lock-provider";
import { assertCanManageRole } from "./roles";
import { removeInviteeAccountIfUnused } from "./remove-unused-invitee-account";
import { assertNotLastOwner, findActiveMember } from "./team-rules";

/**
 * Soft-deletes a member (sets revokedAt). Another provider's member, an unknown id and an already
 * removed member are all "not found"; the last accepted OWNER cannot be removed. Keys the member
 * created stop working with it (see authenticate-api-key.ts). Withdrawing the invitation of someone
 * who never signed in also removes the account the invitation made, when nothing else keeps it
 * (remove-unused-invitee-account.ts).
 */
export async function removeMember(
  db: Db,
  params: { providerId: string; memberId: string; caller: Caller },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { role: callerRole } = await lockTeam(tx, params);
    const member = await findActiveMember(tx, params);
    assertCanManageRole(callerRole, member.role);
    await assertNotLastOwner(tx, member);
    // Withdrawing an invitation may remove the account it made: the user row is locked before the
    // member row, the order removeInviteeAccountIfUnused keeps, so the two never wait on each other.
    const withdrawn = member.inviteStatus === "PENDING";
    if (withdrawn) await tx.select({ id: users.id }).from(users).where(eq(users.id, member.userId)).for("update");

    await tx.update(providerMembers).set({ revokedAt: sql`now()` }).where(eq(providerMembers.id, member.id));
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "member.removed",
      targetType: "member",
      targetId: member.id,
      metadata: { email: member.inviteEmail, role: member.role, inviteStatus: member.inviteStatus },
    });
    if (withdrawn) await removeInviteeAccountIfUnused(tx, { userId: member.userId, actor: params.caller.actor });
  });
}
