import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers, type Provider, type ProviderMember } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { lockProvider } from "@/lib/provider-core/lock-provider";
import { isUuid } from "@/lib/validation/primitives";
import { activeMember } from "@/lib/provider-core/active-member";

function invitationNotFound(): AppError {
  return new AppError("NOT_FOUND", "You have no open invitation with that id. It may have been answered or withdrawn.");
}

/**
 * The signed-in person's own open invitation (PENDING, not removed), with its provider locked for the
 * rest of the transaction. Someone else's invitation, an answered one and an unknown id all read as
 * "not found", so nobody learns about invitations that are not theirs.
 */
export async function lockOwnInvitation(
  tx: Db,
  params: { userId: string; memberId: string },
): Promise<{ member: ProviderMember; provider: Provider }> {
  if (!isUuid(params.memberId)) throw invitationNotFound();
  const own = and(
    eq(providerMembers.id, params.memberId),
    eq(providerMembers.userId, params.userId),
    eq(providerMembers.inviteStatus, "PENDING"),
    activeMember(),
  );
  const [found] = await tx.select({ providerId: providerMembers.providerId }).from(providerMembers).where(own).limit(1);
  if (!found) throw invitationNotFound();
  const provider = await lockProvider(tx, found.providerId);
  // Read again under the lock: the team may have withdrawn or changed it in the meantime.
  const [member] = await tx.select().from(providerMembers).where(own).limit(1);
  if (!member) throw invitationNotFound();
  return { member, provider };
}

/** Whether an invitation is past its expiry (INVITATION_TTL_DAYS after it was sent or resent). */
export function isInvitationExpired(member: { inviteExpiresAt: Date | null }, now: Date): boolean {
  return member.inviteExpiresAt !== null && member.inviteExpiresAt.getTime() <= now.getTime();
}
