import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditEvents } from "@/db/schema";
import { AppError } from "@/lib/errors";

// A suspended provider is out of the public directory, its API keys are refused on every request
// (lib/api-keys/authenticate-api-key.ts) and its studio is read-only (lib/actions/action-principal.ts,
// lib/members/studio-context.ts), until an admin reinstates it. Its keys are not revoked, so
// reinstating brings them back.

/** The refusal for a suspended provider's API keys ("api") and its studio's changes ("studio"). */
export function providerSuspendedError(where: "api" | "studio" | "invitation"): AppError {
  const consequence = {
    api: "its API keys are refused until the registry reinstates it.",
    studio: "its studio is read-only until the registry reinstates it.",
    invitation: "its invitations can be accepted once the registry reinstates it.",
  }[where];
  return new AppError("PROVIDER_SUSPENDED", `The registry has suspended this provider: ${consequence}`);
}

export interface Suspension {
  suspendedAt: Date;
  /** The note the admin gave, if any (it is in the provider's activity too). */
  note: string | null;
}

/** When and why the provider was last suspended, from the audit trail; null if it never was. */
export async function getSuspension(db: Db, params: { providerId: string }): Promise<Suspension | null> {
  const [event] = await db
    .select({ createdAt: auditEvents.createdAt, metadata: auditEvents.metadata })
    .from(auditEvents)
    .where(and(eq(auditEvents.providerId, params.providerId), eq(auditEvents.action, "provider.suspended")))
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  if (!event) return null;
  const note = event.metadata.note;
  return { suspendedAt: event.createdAt, note: typeof note === "string" && note.trim() ? note : null };
}
