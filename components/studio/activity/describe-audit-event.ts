import type { AuditEventListItem } from "@/lib/audit/list-audit-events";
import { listingFieldLabel } from "@/components/ui/listing-field-labels";
import type { InquiryName } from "@/lib/inquiries/inquiry-names";
import { personLabel } from "@/lib/users/person";

// Plain-language wording for the audit trail. Codes not listed here still show, as their code.

const ACTION_LABELS: Record<string, string> = {
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "member.invited": "Member invited",
  "member.removed": "Member removed",
  "member.left": "Member left the team",
  "member.role_changed": "Member's role changed",
  "invitation.accepted": "Invitation accepted",
  "invitation.declined": "Invitation declined",
  "invitation.resent": "Invitation sent again",
  "invitation.expired": "Invitation expired before it was answered",
  "listing.updated": "Listing edited",
  "listing.published": "Listing published",
  "listing.unpublished": "Listing unpublished",
  "listing.confirmed": "Listing details confirmed as current",
  "listing.hidden_stale": "Listing hidden: details not confirmed for 210 days",
  "provider.created": "Provider created",
  "provider.approved": "Provider approved by the registry",
  "provider.suspended": "Provider suspended by the registry",
  "provider.reinstated": "Provider reinstated by the registry",
  "provider.featured": "Featured in the directory",
  "provider.unfeatured": "No longer featured in the directory",
  "application.approved": "Application approved",
  "application.rejected": "Application rejected",
  "change_request.created": "Name or slug change requested",
  "change_request.withdrawn": "Name or slug change request withdrawn",
  "change_request.approved": "Name or slug change approved",
  "change_request.declined": "Name or slug change declined",
  "user.created": "Account created",
  "user.removed": "Unused account removed",
  "inquiry.status_changed": "Inquiry status changed",
  "inquiry.engagement_marked": "Inquiry marked as worked together",
  "inquiry.engagement_unmarked": "Inquiry no longer marked as worked together",
  "listing_report.resolved": "Report of outdated information answered",
  "listing_report.escalated": "Asked to confirm the listing after several visitor reports",
  "listing_report.escalation_expired": "Listing hidden: not confirmed in time after visitor reports",
  "provider_export.requested": "Data export requested",
  "listing_report.cluster_dismissed": "Reports of outdated information dismissed by the registry",
  "webhook.created": "Webhook endpoint added",
  "webhook.updated": "Webhook endpoint changed",
  "webhook.deleted": "Webhook endpoint deleted",
  "webhook.secret_rotated": "Webhook signing secret rotated",
  "webhook.replayed": "Webhook delivery replayed",
  "webhook.recovered": "Failed webhook deliveries sent again",
};

export function describeAction(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** Who did it: "Olivia (olivia@…)", "API key prk_AbCd1234… (Deploys)", "Registry admin" or "operator CLI". */
export function describeActor(actor: AuditEventListItem["actor"]): { primary: string; secondary: string | null } {
  switch (actor.type) {
    case "USER":
      // A person's label is their address as recorded when they acted; the name is their current one.
      return personLabel({ name: actor.name, email: actor.label });
    case "ADMIN":
      return { primary: "Registry admin", secondary: null };
    case "API_KEY":
      return { primary: actor.label, secondary: actor.name ? `key “${actor.name}”` : null };
    case "CLI":
      return { primary: "operator CLI", secondary: null };
    case "SYSTEM":
      return { primary: "The registry", secondary: null };
  }
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);
const role = (value: unknown): string | null => text(value)?.toLowerCase() ?? null;

/** How many characters of a message name an inquiry in the log: its first line, cut at a word. */
const OPENING_LENGTH = 40;

/** "the inquiry from Bea Baker (“We need a new booking site for…”)": the sender as typed, never their address. */
function describeInquiry(name: InquiryName | undefined): string | null {
  if (!name) return null;
  if (name.erased) return "an inquiry whose sender had their details erased";
  const line = name.opening.trim().split(/\r?\n/)[0]!.trim();
  let opening = line;
  if (line.length > OPENING_LENGTH) {
    // One character more, so a word ending exactly at the limit is kept whole.
    const cut = line.slice(0, OPENING_LENGTH + 1);
    const space = cut.lastIndexOf(" ");
    opening = `${(space > OPENING_LENGTH / 2 ? cut.slice(0, space) : cut.slice(0, OPENING_LENGTH)).replace(/[\s,;:.!?-]+$/, "")}…`;
  }
  return opening ? `the inquiry from ${name.sender} (“${opening}”)` : `the inquiry from ${name.sender}`;
}

/**
 * The thing changed, from the event's metadata: a key's name and prefix, a member's email, fields
 * edited. An inquiry's events name it from `inquiries` (its id → name, read with the page: see
 * lib/inquiries/inquiry-names.ts); without a name they say only what changed.
 */
export function describeTarget(
  event: Pick<AuditEventListItem, "action" | "targetType" | "metadata"> & { targetId?: string | null },
  inquiries: ReadonlyMap<string, InquiryName> = new Map(),
): string {
  const m = event.metadata;
  const [area] = event.action.split(".");
  switch (area) {
    case "api_key": {
      const prefix = text(m.prefix);
      const name = text(m.name);
      return [name ? `“${name}”` : null, prefix ? `(${prefix}…)` : null].filter(Boolean).join(" ") || "API key";
    }
    case "member":
    case "invitation": {
      const email = text(m.email) ?? "a member";
      if (event.action === "member.role_changed") return `${email}: ${role(m.from) ?? "?"} → ${role(m.to) ?? "?"}`;
      const r = role(m.role);
      return r ? `${email} (${r})` : email;
    }
    case "listing": {
      const fields = Array.isArray(m.fields) ? m.fields.filter((f): f is string => typeof f === "string") : [];
      return fields.length ? fields.map(listingFieldLabel).join(", ") : "Listing";
    }
    case "change_request": {
      const field = text(m.field);
      const value = text(m.requestedValue);
      return [field ? field.toLowerCase() : "change", value ? `“${value}”` : null].filter(Boolean).join(": ");
    }
    case "inquiry": {
      const named = describeInquiry(event.targetId ? inquiries.get(event.targetId) : undefined);
      if (event.action !== "inquiry.status_changed") return named ? named[0]!.toUpperCase() + named.slice(1) : "Inquiry";
      const from = text(m.from)?.toLowerCase() ?? "?";
      const to = text(m.to)?.toLowerCase() ?? "?";
      return named ? `Marked ${named} as ${to} (was ${from})` : `${from} → ${to}`;
    }
    case "provider":
      return text(m.slug) ?? text(m.name) ?? "Provider";
    case "application":
    case "user":
      return text(m.email) ?? event.targetType;
    default:
      return event.targetType;
  }
}
