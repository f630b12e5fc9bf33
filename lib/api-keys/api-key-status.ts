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
