import { formatDate, formatDateTime } from "@/components/ui/format";
import type { ApiKeyListItem } from "@/lib/api-keys/list-api-keys";
import { personLabel } from "@/lib/users/person";

/** One key as the table shows it: plain strings, so the page can hand it to a client component. */
export interface ApiKeyRowView {
  id: string;
  name: string;
  prefix: string;
  role: string;
  createdBy: { primary: string; secondary: string | null };
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  status: { label: string; tone: "good" | "warn" | "bad" | "neutral" };
  revoked: boolean;
  /** Whether the viewer may revoke it (role rules, docs/decisions/api-keys-and-roles.md); never true for MEMBERs. */
  canRevoke: boolean;
}

export function toRowView(key: ApiKeyListItem, canRevoke: boolean): ApiKeyRowView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    role: key.actingRole === "MEMBER" ? "member (read only)" : key.actingRole.toLowerCase(),
    createdBy: createdByView(key),
    createdAt: formatDateTime(key.createdAt),
    lastUsedAt: key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never",
    expiresAt: key.expiresAt ? formatDateTime(key.expiresAt) : "Never",
    status: statusView(key),
    revoked: key.status === "revoked",
    canRevoke: canRevoke && key.status !== "revoked",
  };
}

function createdByView(key: ApiKeyListItem): ApiKeyRowView["createdBy"] {
  if (!key.createdBy) return { primary: "operator CLI", secondary: null };
  const { primary, secondary } = personLabel(key.createdBy);
  return { primary, secondary: key.createdBy.onTeam ? secondary : [secondary, "left the team"].filter(Boolean).join(" · ") };
}

function statusView(key: ApiKeyListItem): ApiKeyRowView["status"] {
  switch (key.status) {
    case "revoked":
      return { label: `Revoked ${formatDate(key.revokedAt)}`, tone: "neutral" };
    case "expired":
      return { label: "Expired", tone: "warn" };
    case "creator-left":
      return { label: "Stopped: creator left the team", tone: "bad" };
    case "active":
      return { label: "Works", tone: "good" };
  }
}
