import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { providerMembers } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { lockProvider } from "./lock-provider";
import { assertCanManageRole } from "./roles";
import { actorRoleUnderLock, assertNotLastOwner, findActiveMember } from "./team-rules";

/**
 * Soft-deletes a member (sets revokedAt). Another provider's member, an unknown id and an already
 * removed member are all "not found"; the last accepted OWNER cannot be removed. Keys the member
 * created stop working with it (see authenticate-api-key.ts).
 */
export async function removeMember(
  db: Db,
  params: { providerId: string; memberId: string; actor: Actor; actorRole: MemberRole; actorMemberId?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProvider(tx, params.providerId);
    const actorRole = await actorRoleUnderLock(tx, params);
    const member = await findActiveMember(tx, params);
    assertCanManageRole(actorRole, member.role);
    await assertNotLastOwner(tx, member);

    await tx.update(providerMembers).set({ revokedAt: sql`now()` }).where(eq(providerMembers.id, member.id));
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: params.providerId,
      action: "member.removed",
      targetType: "member",
      targetId: member.id,
      metadata: { email: member.inviteEmail, role: member.role, inviteStatus: member.inviteStatus },
    });
  });
}
