import { MEMBER_ROLES, type MemberRole } from "@/db/enums";
import type { ActionFailure } from "@/lib/actions/define-action";
import { canManageRole } from "@/lib/members/roles";

export const TEAM_PAGE = "/studio/team";

export const ROLE_LABELS: Record<MemberRole, string> = { OWNER: "Owner", ADMIN: "Admin", MEMBER: "Member" };

/** A role inside a sentence: "You are an owner of …", "You joined … as a member". */
export const ROLE_WITH_ARTICLE: Record<MemberRole, string> = { OWNER: "an owner", ADMIN: "an admin", MEMBER: "a member" };

/** The roles a person may hand out: only an owner grants OWNER (lib/members/roles.ts). */
export function assignableRoles(viewerRole: MemberRole): MemberRole[] {
  return MEMBER_ROLES.filter((role) => canManageRole(viewerRole, role));
}

/** What to tell the person when a team change is refused, in words about the team rather than codes. */
export function teamFailureMessage(failure: ActionFailure, subject?: string): string {
  switch (failure.code) {
    case "LAST_OWNER":
      return "A team always needs at least one owner. Make another member an owner first, then try again.";
    case "USER_NOT_FOUND":
      return `Nobody has an account with ${subject ?? "that email"} yet. Ask them to sign in once to create their account, then invite them again.`;
    case "ALREADY_MEMBER":
      return `${subject ?? "That person"} is already on the team or has a pending invitation.`;
    case "NOT_FOUND":
      return "That person is no longer on the team. The list below is up to date.";
    default:
      return failure.message;
  }
}
