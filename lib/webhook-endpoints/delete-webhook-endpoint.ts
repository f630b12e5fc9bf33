import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema-webhooks";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { findWebhookEndpoint } from "./find-webhook-endpoint";

/**
 * Deletes an endpoint (OWNER and ADMIN). Its deliveries and their attempts go with it (the foreign
 * keys cascade), so a pending one can no longer be claimed: deleting is cancelling, with nothing left
 * to show. Messages stay while another endpoint of the provider still has deliveries of them.
 * Audited as webhook.deleted with the URL, so the trail still says where it pointed.
 */
export async function deleteWebhookEndpoint(db: Db, params: { providerId: string; endpointId: string; caller: Caller }): Promise<void> {
  assertCallerCanWrite(params.caller);
  await db.transaction(async (tx) => {
    const row = await findWebhookEndpoint(tx, { ...params, lock: true });
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "webhook.deleted",
      targetType: "webhook_endpoint",
      targetId: row.id,
      metadata: { url: row.url },
    });
  });
}
