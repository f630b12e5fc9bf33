import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ProviderNoticeKind } from "@/db/enums";
import { providers } from "@/db/schema";
import { providerNotices } from "@/db/schema-reviews";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";

/**
 * An admin adds a public notice (a review-manipulation alert) to a provider's profile until endsAt.
 * The notices trigger bumps the listing version. Audited as provider.notice_added.
 */
export async function addProviderNotice(
  db: Db,
  params: { providerSlug: string; kind: ProviderNoticeKind; body: string; endsAt: Date; caller: Caller; now?: Date },
): Promise<{ id: string; providerId: string }> {
  const now = params.now ?? new Date();
  if (params.endsAt.getTime() <= now.getTime()) throw new AppError("VALIDATION_FAILED", "The end date must be in the future.");
  return db.transaction(async (tx) => {
    const [provider] = await tx.select({ id: providers.id }).from(providers).where(eq(providers.slug, params.providerSlug)).limit(1);
    if (!provider) throw new AppError("NOT_FOUND", "No provider with this slug.");
    const [notice] = await tx
      .insert(providerNotices)
      .values({
        providerId: provider.id,
        kind: params.kind,
        body: params.body,
        endsAt: params.endsAt,
        createdAt: now,
        createdBy: params.caller.actor.label,
      })
      .returning({ id: providerNotices.id });
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: provider.id,
      action: "provider.notice_added",
      targetType: "provider_notice",
      targetId: notice!.id,
      metadata: { kind: params.kind, endsAt: params.endsAt.toISOString() },
    });
    return { id: notice!.id, providerId: provider.id };
  });
}
