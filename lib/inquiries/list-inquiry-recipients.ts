import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers, users } from "@/db/schema";
import { activeMember } from "@/lib/provider-core/active-member";

/**
 * Who is emailed about a provider's inquiries (the notification on delivery, the 24-hour reminder):
 * its active members who accepted their invitation, with the OWNER or ADMIN role — those who may
 * change an inquiry's status.
 */
export async function listInquiryRecipients(db: Db, params: { providerId: string }): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(providerMembers)
    .innerJoin(users, eq(users.id, providerMembers.userId))
    .where(
      and(
        eq(providerMembers.providerId, params.providerId),
        activeMember(),
        eq(providerMembers.inviteStatus, "ACCEPTED"),
        inArray(providerMembers.role, ["OWNER", "ADMIN"]),
      ),
    )
    .orderBy(users.email);
  return rows.map((r) => r.email);
}
