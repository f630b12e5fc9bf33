import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers, providers, users } from "@/db/schema";
import { toMember, type Member } from "./serialize";

/** Active members (pending and accepted), oldest first. Removed members are never returned. */
export async function listMembers(db: Db, params: { providerId: string }): Promise<Member[]> {
  const rows = await db
    .select({
      member: providerMembers,
      user: { id: users.id, email: users.email, name: users.name },
      providerSlug: providers.slug,
    })
    .from(providerMembers)
    .innerJoin(users, eq(users.id, providerMembers.userId))
    .innerJoin(providers, eq(providers.id, providerMembers.providerId))
    .where(and(eq(providerMembers.providerId, params.providerId), isNull(providerMembers.revokedAt)))
    .orderBy(asc(providerMembers.createdAt), asc(providerMembers.id));
  return rows.map(toMember);
}
