import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit-event";
import type { Inviter } from "@/lib/email/templates";

/**
 * Who the invitation email says invited the person: the inviting person (their name and account
 * address) when a signed-in person did it, otherwise the team itself (null), so an invitation made
 * with an API key or the CLI never names a key or an operator.
 */
export async function inviterOf(tx: Db, params: { actor: Actor }): Promise<Inviter> {
  if (params.actor.type !== "USER" || !params.actor.id) return null;
  const [user] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, params.actor.id))
    .limit(1);
  return user ?? null;
}
