import type { Db } from "@/db/client";
import type { Actor } from "@/lib/audit/record-audit-event";
import { findPerson, type Person } from "@/lib/users/person";

/**
 * Who the invitation email says invited the person: the inviting person when a signed-in person did
 * it, otherwise the team itself (null), so an invitation made with an API key or the CLI never names
 * a key or an operator.
 */
export async function inviterOf(tx: Db, params: { actor: Actor }): Promise<Person | null> {
  if (params.actor.type !== "USER" || !params.actor.id) return null;
  return findPerson(tx, { userId: params.actor.id });
}
