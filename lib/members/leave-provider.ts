import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { AppError } from "@/lib/errors";
import { lockProvider } from "@/lib/provider-core/lock-provider";
import { assertNotLastOwner } from "./team-rules";
import { activeMember } from "@/lib/provider-core/active-member";

/**
 * A person leaves a team they belong to, whatever their role (soft delete, like a removal). The last
 * accepted OWNER cannot leave: they must make someone else an owner first. Keys they created stop
 * working, as after a removal.
 */
export async function leaveProvider(db: Db, params: { providerId: string; userId: string; actor: Actor }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProvider(tx, params.providerId);
    const [member] = await tx
      .select()
      .from(providerMembers)
      .where(
        and(
          eq(providerMembers.providerId, params.providerId),
          eq(providerMembers.userId, params.userId),
          eq(providerMembers.inviteStatus, "ACCEPTED"),
          activeMember(),
        ),
      )
      .limit(1);
    if (!member) throw new AppError("NOT_FOUND", "You are not a member of this provider.");
    await assertNotLastOwner(tx, member);
    await tx.update(providerMembers).set({ revokedAt: sql`now()` }).where(eq(providerMembers.id, member.id));
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: params.providerId,
      action: "member.left",
      targetType: "member",
      targetId: member.id,
      metadata: { email: member.inviteEmail, role: member.role },
    });
  });
}
