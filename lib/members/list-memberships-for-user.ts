import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ApprovalStatus, MemberRole } from "@/db/enums";
import { providerMembers, providers } from "@/db/schema";
import { activeMember } from "@/lib/provider-core/active-member";

export interface Membership {
  memberId: string;
  role: MemberRole;
  provider: { id: string; slug: string; name: string; approvalStatus: ApprovalStatus };
}

/** The providers a user has joined (accepted, not removed), by provider name. Pending invitations are not memberships. */
export async function listMembershipsForUser(db: Db, params: { userId: string }): Promise<Membership[]> {
  return db
    .select({
      memberId: providerMembers.id,
      role: providerMembers.role,
      provider: { id: providers.id, slug: providers.slug, name: providers.name, approvalStatus: providers.approvalStatus },
    })
    .from(providerMembers)
    .innerJoin(providers, eq(providers.id, providerMembers.providerId))
    .where(
      and(
        eq(providerMembers.userId, params.userId),
        eq(providerMembers.inviteStatus, "ACCEPTED"),
        activeMember(),
      ),
    )
    .orderBy(asc(providers.name), asc(providers.id));
}
