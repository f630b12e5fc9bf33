import type { MemberRole } from "@/db/enums";
import { CLI_ACTOR, type Actor } from "@/lib/audit/record-audit-event";
import type { CurrentUser } from "./current-user";

/**
 * Who acts, built once by the wrapper that authenticated them (apiRoute for an API key,
 * defineAction for a session) and passed whole to the domain functions, which take what they need:
 * `actor` names them in the audit trail; `role` and `memberId` say what they may do on the provider
 * they act on.
 */
export interface Caller {
  actor: Actor;
  /** Through what they act: an API key, a signed-in session, or the operator CLI. */
  via: "apiKey" | "session" | "cli";
  /** The signed-in person; null for an API key and the CLI. */
  userId: string | null;
  /**
   * Their role on the provider they act on (an API key's is its creator's). Absent for a platform
   * admin and the CLI, whom the team's role rules do not bind.
   */
  role?: MemberRole;
  /**
   * Their membership, when a person acts in the studio: its role was read before the team lock was
   * taken, so lockTeam() reads it again under the lock. API keys have none (the key's role stands).
   */
  memberId?: string;
}

/** A signed-in person; with `member`, acting as that member of the studio's provider. */
export function sessionCaller(user: CurrentUser, requestId?: string, member?: { id: string; role: MemberRole }): Caller {
  return {
    actor: { type: "USER", id: user.id, label: user.email, requestId },
    via: "session",
    userId: user.id,
    ...(member ? { role: member.role, memberId: member.id } : {}),
  };
}

/** A platform admin: audited as ADMIN, bound by no team role. */
export function adminCaller(user: CurrentUser, requestId?: string): Caller {
  return { actor: { type: "ADMIN", id: user.id, label: user.email, requestId }, via: "session", userId: user.id };
}

/** The operator CLI: audited as the CLI, bound by no team role. */
export const CLI_CALLER: Caller = { actor: CLI_ACTOR, via: "cli", userId: null };
