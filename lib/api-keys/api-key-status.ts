import type { MemberRole } from "@/db/enums";

/**
 * Whether a key still works, and if not why: revoked, expired, or its creator left the team (a key
 * acts for the member who made it, so authenticate-api-key.ts refuses it then). The one rule for
 * every place that shows a key's state.
 */
export type ApiKeyStatus = "active" | "revoked" | "expired" | "creator-left";

export function apiKeyStatus(
  key: { revokedAt: Date | null; expiresAt: Date | null; createdByMemberId: string | null },
  creatorOnTeam: boolean,
  now: Date,
): ApiKeyStatus {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return "expired";
  if (key.createdByMemberId && !creatorOnTeam) return "creator-left";
  return "active";
}

/** The member row of a key's creator, as a left join reads it (all null: no creator, a CLI key). */
export interface KeyCreator {
  role: MemberRole | null;
  revokedAt: Date | null;
}

/** Whether the member who made a key is still on the team; a left join that found no member row is not. */
export function isCreatorOnTeam(creator: KeyCreator): creator is { role: MemberRole; revokedAt: null } {
  return creator.role != null && creator.revokedAt == null;
}

/**
 * The role a key acts with: its creator's current role while they are on the team, otherwise the role
 * it was made with (a CLI key; a key whose creator left no longer works at all).
 */
export function keyActingRole(keyRole: MemberRole, creator: KeyCreator): MemberRole {
  return isCreatorOnTeam(creator) ? creator.role : keyRole;
}
