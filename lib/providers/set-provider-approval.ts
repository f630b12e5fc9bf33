import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import type { ApprovalStatus } from "@/db/enums";
import { providers } from "@/db/schema";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { env } from "@/lib/config/env";
import { enqueueEmails } from "@/lib/email/outbox";
import { AppError, validationError } from "@/lib/errors";
import { listManagerEmails } from "@/lib/provider-core/list-manager-emails";
import { writeListingVisibilityEvent } from "@/lib/provider-core/listing-webhook-events";
import { lockProvider } from "@/lib/provider-core/lock-provider";
import { refreshProviderRanks } from "@/lib/ranking/refresh-provider-ranks";
import { suspensionReasonSchema } from "./admin-schemas";
import { providerReinstatedEmail, providerSuspendedEmail } from "./emails";
import type { ProviderFlagChange } from "./set-provider-featured";

export interface ApprovalChange extends ProviderFlagChange {
  approvalStatus: ApprovalStatus;
}

/** A suspension needs its reason (the owners are emailed it); approving may carry a note for the trail. */
export type ApprovalParams =
  | { providerId: string; status: "APPROVED"; note?: string; actor: Actor }
  | { providerId: string; status: "SUSPENDED"; note: string; actor: Actor };

/**
 * Moves a provider between approval states: PENDING or SUSPENDED -> APPROVED (approve, reinstate),
 * PENDING or APPROVED -> SUSPENDED (suspend). A suspended provider leaves the public directory in
 * the same transaction (every public read requires APPROVED), and its keys and studio stop
 * (lib/provider-core/suspension.ts). A suspension and a reinstatement email the provider's owners in
 * that transaction. Asking for the current state changes nothing (changed: false).
 */
export async function setProviderApproval(db: Db, params: ApprovalParams): Promise<ApprovalChange> {
  if (!z.guid().safeParse(params.providerId).success) throw new AppError("NOT_FOUND", "Provider not found.");
  const note = params.status === "SUSPENDED" ? suspensionReason(params.note) : params.note;
  return db.transaction(async (tx) => {
    const current = await lockProvider(tx, params.providerId);
    const unchanged = { providerId: current.id, slug: current.slug, approvalStatus: current.approvalStatus };
    if (current.approvalStatus === params.status) return { ...unchanged, changed: false };
    const [after] = await tx
      .update(providers)
      .set({
        approvalStatus: params.status,
        // approvedAt records the first approval; reinstating keeps it.
        ...(params.status === "APPROVED" && !current.approvedAt ? { approvedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(providers.id, current.id))
      .returning();
    await writeListingVisibilityEvent(tx, { providerId: current.id, slug: current.slug, before: current, after: after!, reason: "SUSPENDED" });
    // An approved listing that is public enters the directory with its score (extensions §5).
    if (params.status === "APPROVED") await refreshProviderRanks(tx, { now: new Date(), providerIds: [current.id] });
    const action = auditAction(current.approvalStatus, params.status);
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId: current.id,
      action,
      targetType: "provider",
      targetId: current.id,
      metadata: { slug: current.slug, from: current.approvalStatus, to: params.status, ...(note ? { note } : {}) },
    });
    if (action !== "provider.approved") {
      const suspension = params.status === "SUSPENDED" ? { reason: note! } : null;
      await emailOwners(tx, { providerId: current.id, providerName: current.name, suspension, actor: params.actor });
    }
    return { ...unchanged, approvalStatus: params.status, changed: true };
  });
}

/** The same rule as the form's and the action's schema, for callers that reach the domain directly (the CLI, the seed). */
function suspensionReason(note: string): string {
  const parsed = z.object({ note: suspensionReasonSchema }).safeParse({ note });
  if (!parsed.success) throw validationError(parsed.error, "suspension");
  return parsed.data.note;
}

/**
 * A suspension (with its reason) or a reinstatement, to each owner: the owners answer for the
 * provider, and a suspension concerns the whole of it. A reply reaches the admin who decided.
 */
async function emailOwners(
  tx: Db,
  params: { providerId: string; providerName: string; suspension: { reason: string } | null; actor: Actor },
): Promise<void> {
  const owners = (await listManagerEmails(tx, { providerIds: [params.providerId], roles: ["OWNER"] })).get(params.providerId) ?? [];
  const studioUrl = `${env().APP_URL}/studio`;
  const { providerName, suspension } = params;
  const email = suspension
    ? { kind: "PROVIDER_SUSPENDED" as const, message: providerSuspendedEmail({ providerName, reason: suspension.reason, studioUrl }) }
    : { kind: "PROVIDER_REINSTATED" as const, message: providerReinstatedEmail({ providerName, studioUrl }) };
  const replyTo = params.actor.type === "ADMIN" ? params.actor.label : undefined;
  await enqueueEmails(tx, owners.map((to) => ({ ...email, to, replyTo })));
}

function auditAction(from: ApprovalStatus, to: "APPROVED" | "SUSPENDED"): string {
  if (to === "SUSPENDED") return "provider.suspended";
  return from === "SUSPENDED" ? "provider.reinstated" : "provider.approved";
}
