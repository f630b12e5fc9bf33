import { and, count, eq, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers, type ProviderMember } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/validation/primitives";
import { activeMember } from "@/lib/provider-core/active-member";

// Checks shared by the team changes. Each runs inside the caller's transaction, after lockTeam,
// so what it reads cannot change before the transaction commits.

export function memberNotFound(): AppError {
  return new AppError("NOT_FOUND", "No active member of this provider has that id.");
}

/** An active (not removed) member of the provider, pending or accepted; NOT_FOUND otherwise. */
export async function findActiveMember(tx: Db, params: { providerId: string; memberId: string }): Promise<ProviderMember> {
  if (!isUuid(params.memberId)) throw memberNotFound();
  const [member] = await tx
    .select()
    .from(providerMembers)
    .where(
      and(
        eq(providerMembers.id, params.memberId),
        eq(providerMembers.providerId, params.providerId),
        activeMember(),
      ),
    )
    .limit(1);
  if (!member) throw memberNotFound();
  return member;
}

/**
 * Refuses a change that would leave the team without an accepted, active OWNER: `member` is about to
 * stop being one (removed, demoted or leaving). Pending OWNER invitations do not count as owners.
 */
export async function assertNotLastOwner(tx: Db, member: ProviderMember): Promise<void> {
  if (member.role !== "OWNER" || member.inviteStatus !== "ACCEPTED") return;
  const [others] = await tx
    .select({ n: count() })
    .from(providerMembers)
    .where(
      and(
        eq(providerMembers.providerId, member.providerId),
        eq(providerMembers.role, "OWNER"),
        eq(providerMembers.inviteStatus, "ACCEPTED"),
        activeMember(),
        ne(providerMembers.id, member.id),
      ),
    );
  if ((others?.n ?? 0) === 0) {
    throw new AppError("LAST_OWNER", "This is the team's last owner. Make another member an owner first.");
  }
}
