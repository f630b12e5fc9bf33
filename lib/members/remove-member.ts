import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { providerMembers } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { AppError } from "@/lib/errors";
import { lockProvider } from "./lock-provider";
import { assertCanManageRole } from "./roles";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Soft-deletes a member (sets revokedAt). Another provider's member, an unknown id and an already
 * removed member are all "not found"; the last accepted OWNER cannot be removed. Keys the member
 * created stop working with it (see authenticate-api-key.ts).
 */
export async function removeMember(
  db: Db,
  params: { providerId: string; memberId: string; actor: Actor; actorRole: MemberRole },
): Promise<void> {
  if (!UUID.test(params.memberId)) throw notFound();
  await db.transaction(async (tx) => {
    await lockProvider(tx, params.providerId);
    const [member] = await tx
      .select()
      .from(providerMembers)
      .where(
        and(
          eq(providerMembers.id, params.memberId),
          eq(providerMembers.providerId, params.providerId),
          isNull(providerMembers.revokedAt),
        ),
      )
      .limit(1);
    if (!member) throw notFound();
    assertCanManageRole(params.actorRole, member.role);

    if (member.role === "OWNER" && member.inviteStatus === "ACCEPTED") {
      const [others] = await tx
        .select({ n: count() })
        .from(providerMembers)
        .where(
          and(
            eq(providerMembers.providerId, params.providerId),
            eq(providerMembers.role, "OWNER"),
            eq(providerMembers.inviteStatus, "ACCEPTED"),
            isNull(providerMembers.revokedAt),
            ne(providerMembers.id, member.id),
          ),
        );
      if ((others?.n ?? 0) === 0) {
        throw new AppError("LAST_OWNER", "This is the team's last owner. Make another member an owner first.");
      }
    }

    await tx.update(providerMembers).set({ revokedAt: sql`now()` }).where(eq(providerMembers.id, member.id));
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: params.providerId,
      action: "member.removed",
      targetType: "member",
      targetId: member.id,
      metadata: { email: member.inviteEmail, role: member.role },
    });
  });
}

function notFound(): AppError {
  return new AppError("NOT_FOUND", "No active member of this provider has that id.");
}
