import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerNotices } from "@/db/schema-reviews";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/validation/primitives";

/**
 * An admin removes a notice before its end: the row stays, marked removed (the trigger bumps the
 * listing version). Removing one already removed or ended is 409 CONFLICT. Audited as provider.notice_removed.
 */
export async function removeProviderNotice(
  db: Db,
  params: { noticeId: string; caller: Caller; now?: Date },
): Promise<{ id: string }> {
  const notFound = new AppError("NOT_FOUND", "No notice with this id.");
  if (!isUuid(params.noticeId)) throw notFound;
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const [notice] = await tx.select().from(providerNotices).where(eq(providerNotices.id, params.noticeId)).for("update").limit(1);
    if (!notice) throw notFound;
    if (notice.removedAt || notice.endsAt.getTime() <= now.getTime()) throw new AppError("CONFLICT", "This notice has already ended.");
    await tx.update(providerNotices).set({ removedAt: now, removedBy: params.caller.actor.label }).where(eq(providerNotices.id, notice.id));
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: notice.providerId,
      action: "provider.notice_removed",
      targetType: "provider_notice",
      targetId: notice.id,
      metadata: { kind: notice.kind },
    });
    return { id: notice.id };
  });
}
