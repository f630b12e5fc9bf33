import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { lockTeam } from "./lock-provider";
import { assertCanManageRole } from "./roles";
import { assertNotLastOwner, findActiveMember } from "./team-rules";

/**
 * Soft-deletes a member (sets revokedAt). Another provider's member, an unknown id and an already
 * removed member are all "not found"; the last accepted OWNER cannot be removed. Keys the member
 * created stop working with it (see authenticate-api-key.ts).
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

    await tx.update(providerMembers).set({ revokedAt: sql`now()` }).where(eq(providerMembers.id, member.id));
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "member.removed",
      targetType: "member",
      targetId: member.id,
      metadata: { email: member.inviteEmail, role: member.role, inviteStatus: member.inviteStatus },
    });
  });
}
