import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { MemberRole } from "@/db/enums";
import { providerMembers, providers, type Provider } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { activeMember } from "./active-member";

/**
 * Locks the provider row for the rest of the transaction. Every team change takes this lock first,
 * so checks such as "is this the last owner" cannot race with another change to the same team.
 */
export async function lockProvider(tx: Db, providerId: string): Promise<Provider> {
  const [row] = await tx.select().from(providers).where(eq(providers.id, providerId)).for("update").limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Provider not found.");
  return row;
}

/**
 * The team, locked, for a change a caller makes to it: the provider row locked (lockProvider) and
 * the caller's role as it is now. A person's role was read before the lock was taken; reading it
 * again under the lock means someone demoted or removed a moment ago cannot finish a change their
 * old role allowed. An API key's role is its creator's and stands. A caller with no role on the
 * provider (an admin, the CLI) may not make team changes.
 */
export async function lockTeam(tx: Db, params: { providerId: string; caller: Caller }): Promise<{ provider: Provider; role: MemberRole }> {
  const provider = await lockProvider(tx, params.providerId);
  const { role, memberId } = params.caller;
  if (!role) throw new AppError("FORBIDDEN", "Only a member of this provider may change its team.");
  if (!memberId) return { provider, role };
  const [row] = await tx
    .select({ role: providerMembers.role })
    .from(providerMembers)
    .where(
      and(
        eq(providerMembers.id, memberId),
        eq(providerMembers.providerId, params.providerId),
        eq(providerMembers.inviteStatus, "ACCEPTED"),
        activeMember(),
      ),
    )
    .limit(1);
  if (!row) throw new AppError("FORBIDDEN", "You are no longer a member of this provider.");
  return { provider, role: row.role };
}
