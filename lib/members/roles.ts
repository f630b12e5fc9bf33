import type { MemberRole } from "@/db/enums";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";

// The role rules of the contract, in one place for API keys, studio pages and server actions:
// OWNER does everything; ADMIN manages members (not owners), the listing and keys; MEMBER reads only.

export function canWrite(role: MemberRole): boolean {
  return role === "OWNER" || role === "ADMIN";
}

/** Only an OWNER may grant, change or remove the OWNER role. */
export function canManageRole(actorRole: MemberRole, targetRole: MemberRole): boolean {
  if (!canWrite(actorRole)) return false;
  return targetRole !== "OWNER" || actorRole === "OWNER";
}

export function assertCanWrite(role: MemberRole): void {
  if (!canWrite(role)) throw new AppError("FORBIDDEN", "Your role may read but not change this provider.");
}

/**
 * Refuses a caller acting as a member of the provider whose role may not change it. A caller with no
 * role there (a platform admin, the CLI) is not bound by the team's role rules: pass `required` where
 * only a member may act at all.
 */
export function assertCallerCanWrite(caller: Caller, options: { required?: boolean } = {}): void {
  if (caller.role) assertCanWrite(caller.role);
  else if (options.required) throw new AppError("FORBIDDEN", "Only a member of this provider may change it.");
}

export function assertCanManageRole(actorRole: MemberRole, targetRole: MemberRole): void {
  assertCanWrite(actorRole);
  if (!canManageRole(actorRole, targetRole)) {
    throw new AppError("FORBIDDEN", "Only an owner may invite, change or remove an owner.");
  }
}
