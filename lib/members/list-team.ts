import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import type { InviteStatus, MemberRole } from "@/db/enums";
import { providerMembers, providers, users } from "@/db/schema";
import { personColumns, type Person } from "@/lib/users/person";
import { activeMember } from "@/lib/provider-core/active-member";
import { isInvitationExpired } from "./own-invitation";
import { toMember, type Member } from "./serialize";

/** What the studio's team page shows about one member: more than the API's Member (dates, expiry). */
export interface TeamMember {
  id: string;
  role: MemberRole;
  inviteStatus: InviteStatus;
  /** ACCEPTED, PENDING, or EXPIRED for a pending invitation past its expiry. */
  status: "ACCEPTED" | "PENDING" | "EXPIRED";
  inviteEmail: string;
  user: { id: string; email: string; name: string };
  /** Whether the person has ever signed in (an invitee may not have: the invitation made their account). */
  hasSignedIn: boolean;
  /** Who invited them; null for the first owner and for invitations made with an API key or the CLI. */
  invitedBy: Person | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  acceptedAt: string | null;
  inviteExpiresAt: string | null;
}

const inviter = alias(users, "inviter");

/** The provider's active members (pending and accepted), oldest first, with who invited each. */
async function teamRows(db: Db, providerId: string) {
  return db
    .select({
      member: providerMembers,
      user: { id: users.id, email: users.email, name: users.name },
      providerSlug: providers.slug,
      emailVerified: users.emailVerified,
      invitedBy: personColumns(inviter),
    })
    .from(providerMembers)
    .innerJoin(users, eq(users.id, providerMembers.userId))
    .innerJoin(providers, eq(providers.id, providerMembers.providerId))
    .leftJoin(inviter, eq(inviter.id, providerMembers.invitedByUserId))
    .where(and(eq(providerMembers.providerId, providerId), activeMember()))
    .orderBy(asc(providerMembers.createdAt), asc(providerMembers.id));
}

/** The team as the API shows it (GET /provider/studio/members). Removed members are never returned. */
export async function listMembers(db: Db, params: { providerId: string }): Promise<Member[]> {
  return (await teamRows(db, params.providerId)).map(toMember);
}

/** The team as the studio shows it: active members and pending invitations, oldest first. */
export async function listTeam(db: Db, params: { providerId: string; now?: Date }): Promise<TeamMember[]> {
  const now = params.now ?? new Date();
  return (await teamRows(db, params.providerId)).map(({ member, user, emailVerified, invitedBy }) => {
    const expired = member.inviteStatus === "PENDING" && isInvitationExpired(member, now);
    return {
      id: member.id,
      role: member.role,
      inviteStatus: member.inviteStatus,
      status: member.inviteStatus === "ACCEPTED" ? "ACCEPTED" : expired ? "EXPIRED" : "PENDING",
      inviteEmail: member.inviteEmail,
      user: { id: user.id, email: user.email, name: user.name ?? "" },
      hasSignedIn: emailVerified !== null,
      invitedBy,
      createdAt: member.createdAt.toISOString(),
      acceptedAt: member.acceptedAt?.toISOString() ?? null,
      inviteExpiresAt: member.inviteExpiresAt?.toISOString() ?? null,
    };
  });
}
