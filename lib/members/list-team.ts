import { and, asc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import type { InviteStatus, MemberRole } from "@/db/enums";
import { providerMembers, users } from "@/db/schema";
import { isInvitationExpired } from "./own-invitation";

/** What the studio's team page shows about one member: more than the API's Member (dates, expiry). */
export interface TeamMember {
  id: string;
  role: MemberRole;
  inviteStatus: InviteStatus;
  /** ACCEPTED, PENDING, or EXPIRED for a pending invitation past its expiry. */
  status: "ACCEPTED" | "PENDING" | "EXPIRED";
  inviteEmail: string;
  user: { id: string; email: string; name: string };
  invitedBy: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  acceptedAt: string | null;
  inviteExpiresAt: string | null;
}

const inviter = alias(users, "inviter");

/** The team as the studio shows it: active members and pending invitations, oldest first. */
export async function listTeam(db: Db, params: { providerId: string; now?: Date }): Promise<TeamMember[]> {
  const now = params.now ?? new Date();
  const rows = await db
    .select({
      member: providerMembers,
      user: { id: users.id, email: users.email, name: users.name },
      invitedBy: inviter.email,
    })
    .from(providerMembers)
    .innerJoin(users, eq(users.id, providerMembers.userId))
    .leftJoin(inviter, eq(inviter.id, providerMembers.invitedByUserId))
    .where(and(eq(providerMembers.providerId, params.providerId), isNull(providerMembers.revokedAt)))
    .orderBy(asc(providerMembers.createdAt), asc(providerMembers.id));
  return rows.map(({ member, user, invitedBy }) => {
    const expired = member.inviteStatus === "PENDING" && isInvitationExpired(member, now);
    return {
      id: member.id,
      role: member.role,
      inviteStatus: member.inviteStatus,
      status: member.inviteStatus === "ACCEPTED" ? "ACCEPTED" : expired ? "EXPIRED" : "PENDING",
      inviteEmail: member.inviteEmail,
      user: { id: user.id, email: user.email, name: user.name ?? "" },
      invitedBy,
      createdAt: member.createdAt.toISOString(),
      acceptedAt: member.acceptedAt?.toISOString() ?? null,
      inviteExpiresAt: member.inviteExpiresAt?.toISOString() ?? null,
    };
  });
}
