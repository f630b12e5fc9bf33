import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { providerMembers } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { AppError } from "@/lib/errors";
import { providerSuspendedError } from "@/lib/provider-core/suspension";
import { isInvitationExpired, lockOwnInvitation } from "./own-invitation";

export interface AcceptedInvitation {
  memberId: string;
  role: MemberRole;
  provider: { id: string; slug: string; name: string };
}

/**
 * The invited person joins the team: their own pending invitation becomes ACCEPTED. An expired
 * invitation is refused (INVITATION_EXPIRED) until the team resends it.
 */
export async function acceptInvitation(
  db: Db,
  params: { userId: string; memberId: string; actor: Actor; now?: Date },
): Promise<AcceptedInvitation> {
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const { member, provider } = await lockOwnInvitation(tx, params);
    // Joining changes the team of a provider whose studio is read-only; declining stays possible.
    if (provider.approvalStatus === "SUSPENDED") throw providerSuspendedError("invitation");
    if (isInvitationExpired(member, now)) {
      throw new AppError("INVITATION_EXPIRED", "This invitation has expired. Ask the team to send it again.");
    }
    await tx
      .update(providerMembers)
      .set({ inviteStatus: "ACCEPTED", acceptedAt: now })
      .where(eq(providerMembers.id, member.id));
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: provider.id,
      action: "invitation.accepted",
      targetType: "member",
      targetId: member.id,
      metadata: { email: member.inviteEmail, role: member.role },
    });
    return { memberId: member.id, role: member.role, provider: { id: provider.id, slug: provider.slug, name: provider.name } };
  });
}
