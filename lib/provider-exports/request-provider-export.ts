import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ProviderExportFormat } from "@/db/enums";
import { providerExports } from "@/db/schema-analytics";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { lockProvider } from "@/lib/provider-core/lock-provider";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";
import { EXPORT_COOLDOWN_HOURS, HOUR_MS } from "./export-rules";

/**
 * Queues an export for the job (202 PENDING). One per provider per 24 hours unless the last FAILED:
 * the provider row's lock makes two requests at once see each other, so exactly one is accepted.
 */
export async function requestProviderExport(
  db: Db,
  params: { providerId: string; format: ProviderExportFormat; caller: Caller; now?: Date },
): Promise<{ id: string; status: "PENDING" }> {
  assertCallerCanWrite(params.caller, { required: true });
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    await lockProvider(tx, params.providerId);
    const since = new Date(now.getTime() - EXPORT_COOLDOWN_HOURS * HOUR_MS);
    // EXPIRED counts too: an export made within 24 h that has since expired (it cannot, with 7 days'
    // life, unless the clock says so) was a successful one.
    const [recent] = await tx
      .select({ createdAt: providerExports.createdAt })
      .from(providerExports)
      .where(
        and(
          eq(providerExports.providerId, params.providerId),
          inArray(providerExports.status, ["PENDING", "READY", "EXPIRED"]),
          gt(providerExports.createdAt, since),
        ),
      )
      .orderBy(desc(providerExports.createdAt))
      .limit(1);
    if (recent) {
      const retryAt = recent.createdAt.getTime() + EXPORT_COOLDOWN_HOURS * HOUR_MS;
      // The neutral detail every 429 carries; Retry-After says when the next export may start.
      throw rateLimitedError(Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)));
    }
    const [row] = await tx
      .insert(providerExports)
      .values({ providerId: params.providerId, format: params.format, requestedByUserId: params.caller.userId, createdAt: now })
      .returning({ id: providerExports.id });
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "provider_export.requested",
      targetType: "provider_export",
      targetId: row!.id,
      metadata: { format: params.format },
    });
    return { id: row!.id, status: "PENDING" as const };
  });
}
