import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { providerMembers, users } from "@/db/schema";
import { activeMember } from "./active-member";

/**
 * Who the registry emails about a provider (inquiries and their reminders, the freshness clock,
 * reports): each provider's active members who accepted their invitation, with the OWNER or ADMIN
 * role, those who may act on what the email says. Many providers in one query, keyed by provider id.
 * `roles` narrows it for news only the owners answer for (a suspension).
 */
export async function listManagerEmails(
  db: Db,
  params: { providerIds: string[]; roles?: Exclude<MemberRole, "MEMBER">[] },
): Promise<Map<string, string[]>> {
  const byProvider = new Map<string, string[]>();
  if (params.providerIds.length === 0) return byProvider;
  const rows = await db
    .select({ providerId: providerMembers.providerId, email: users.email })
    .from(providerMembers)
    .innerJoin(users, eq(users.id, providerMembers.userId))
    .where(
      and(
        inArray(providerMembers.providerId, params.providerIds),
        activeMember(),
        eq(providerMembers.inviteStatus, "ACCEPTED"),
        inArray(providerMembers.role, params.roles ?? ["OWNER", "ADMIN"]),
      ),
    )
    .orderBy(providerMembers.providerId, users.email);
  for (const row of rows) byProvider.set(row.providerId, [...(byProvider.get(row.providerId) ?? []), row.email]);
  return byProvider;
}
