import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers, users } from "@/db/schema";
import { activeMember } from "@/lib/provider-core/active-member";

/** Who hears of a provider's reports (the digest, the confirm request): its accepted, active OWNERs and ADMINs. */
export async function listReportRecipients(db: Db, params: { providerId: string }): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(providerMembers)
    .innerJoin(users, eq(users.id, providerMembers.userId))
    .where(
      and(
        eq(providerMembers.providerId, params.providerId),
        inArray(providerMembers.role, ["OWNER", "ADMIN"]),
        eq(providerMembers.inviteStatus, "ACCEPTED"),
        activeMember(),
      ),
    )
    .orderBy(users.email);
  return rows.map((r) => r.email);
}
