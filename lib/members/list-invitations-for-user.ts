import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { providerMembers, providers, users } from "@/db/schema";
import { personColumns, type Person } from "@/lib/users/person";
import { isInvitationExpired } from "./own-invitation";
import { activeMember } from "@/lib/provider-core/active-member";

export interface Invitation {
  memberId: string;
  role: MemberRole;
  provider: { id: string; slug: string; name: string };
  /** Who invited them, when a signed-in person did (not an API key or the CLI). */
  invitedBy: Person | null;
  createdAt: Date;
  expiresAt: Date | null;
  /** Past its expiry: it can no longer be accepted until the team resends it. */
  expired: boolean;
}

/** Invitations waiting for this user's answer (pending, not removed), oldest first, expired ones included. */
export async function listInvitationsForUser(db: Db, params: { userId: string; now?: Date }): Promise<Invitation[]> {
  const now = params.now ?? new Date();
  const rows = await db
    .select({
      memberId: providerMembers.id,
      role: providerMembers.role,
      provider: { id: providers.id, slug: providers.slug, name: providers.name },
      invitedBy: personColumns(users),
      createdAt: providerMembers.createdAt,
      expiresAt: providerMembers.inviteExpiresAt,
    })
    .from(providerMembers)
    .innerJoin(providers, eq(providers.id, providerMembers.providerId))
    .leftJoin(users, eq(users.id, providerMembers.invitedByUserId))
    .where(
      and(
        eq(providerMembers.userId, params.userId),
        eq(providerMembers.inviteStatus, "PENDING"),
        activeMember(),
      ),
    )
    .orderBy(asc(providerMembers.createdAt), asc(providerMembers.id));
  return rows.map((row) => ({ ...row, expired: isInvitationExpired({ inviteExpiresAt: row.expiresAt }, now) }));
}
