import type { MemberRole } from "@/db/enums";
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

export function assertCanManageRole(actorRole: MemberRole, targetRole: MemberRole): void {
  assertCanWrite(actorRole);
  if (!canManageRole(actorRole, targetRole)) {
    throw new AppError("FORBIDDEN", "Only an owner may invite, change or remove an owner.");
  }
}
