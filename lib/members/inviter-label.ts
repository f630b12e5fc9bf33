import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit-event";

/**
 * Who the invitation email says invited the person: the inviting person ("Ada Lovelace
 * (ada@example.com)") when a signed-in person did it, otherwise the team ("The Northwind team"),
 * so an invitation made with an API key or the CLI never names a key or an operator.
 */
export async function inviterLabel(tx: Db, params: { actor: Actor; providerName: string }): Promise<string> {
  const team = `The ${params.providerName} team`;
  if (params.actor.type !== "USER" || !params.actor.id) return team;
  const [user] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, params.actor.id))
    .limit(1);
  if (!user) return team;
  const name = user.name?.trim();
  return name ? `${name} (${user.email})` : user.email;
}
