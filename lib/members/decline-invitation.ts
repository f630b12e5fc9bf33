import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { isInvitationExpired, lockOwnInvitation } from "./own-invitation";

/**
 * The invited person says no: the invitation is withdrawn (soft delete, like a removal) and the team
 * sees it gone. An expired invitation may be declined too, which clears it from the person's list.
 */
export async function declineInvitation(
  db: Db,
  params: { userId: string; memberId: string; actor: Actor; now?: Date },
): Promise<void> {
  const now = params.now ?? new Date();
  await db.transaction(async (tx) => {
    const { member, provider } = await lockOwnInvitation(tx, params);
    await tx.update(providerMembers).set({ revokedAt: sql`now()` }).where(eq(providerMembers.id, member.id));
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: provider.id,
      action: "invitation.declined",
      targetType: "member",
      targetId: member.id,
      metadata: { email: member.inviteEmail, role: member.role, expired: isInvitationExpired(member, now) },
    });
  });
}
