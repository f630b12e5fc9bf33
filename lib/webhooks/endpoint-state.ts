/**
 * What happens to an endpoint as its deliveries end (extensions §8): a success clears its failure
 * state; a delivery out of attempts marks it failing and emails the provider's OWNERs and ADMINs at
 * most once per 24 hours; a 410 Gone, or five days without a success, disables it. Each call runs in
 * the transaction that records the attempt (or the maintenance sweep), so the emails and the audit
 * event commit with the change.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import type { EmailKind, WebhookDisabledReason } from "@/db/enums";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema-webhooks";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { env } from "@/lib/config/env";
import type { EmailMessage } from "@/lib/email/layout";
import { enqueueEmails } from "@/lib/email/outbox";
import { webhookDisabledEmail, webhookFailingEmail } from "./emails";

/** No success for this long, with a FAILED delivery, disables an endpoint. */
export const AUTO_DISABLE_DAYS = 5;
const FAILURE_EMAIL_EVERY_MS = 24 * 3600 * 1000;

export const WEBHOOK_SYSTEM_ACTOR: Actor = { type: "SYSTEM", id: null, label: "registry (webhook delivery)" };

/** A 2xx arrived: the endpoint works. */
export async function markEndpointSucceeded(tx: Db, params: { endpointId: string; now: Date }): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ lastSuccessAt: params.now, failingSince: null })
    .where(eq(webhookEndpoints.id, params.endpointId));
}

/**
 * A delivery is FAILED: the endpoint is failing from now (unless it already was), and its managers
 * hear about it unless they did within 24 hours. Answers whether an email was queued.
 */
export async function markEndpointFailing(tx: Db, params: { endpointId: string; now: Date }): Promise<boolean> {
  const { endpointId, now } = params;
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpointId));
  // The conditional update is the once-per-24-hours guard: two workers failing at once email once.
  const [claimed] = await tx
    .update(webhookEndpoints)
    .set({ failureEmailedAt: now })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.enabled, true),
        or(isNull(webhookEndpoints.failureEmailedAt), lt(webhookEndpoints.failureEmailedAt, new Date(now.getTime() - FAILURE_EMAIL_EVERY_MS))),
      ),
    )
    .returning({ providerId: webhookEndpoints.providerId, url: webhookEndpoints.url });
  if (!claimed) return false;
  await emailManagers(tx, claimed.providerId, "WEBHOOK_FAILING", (studioUrl) =>
    webhookFailingEmail({ url: claimed.url, studioUrl, autoDisableDays: AUTO_DISABLE_DAYS }),
  );
  return true;
}

/**
 * Disables an enabled endpoint (GONE: it answered 410; FAILING: five days without a success), cancels
 * its pending deliveries, records `webhook.disabled` and emails WEBHOOK_DISABLED. False when it was
 * not enabled (already disabled, or deleted).
 */
export async function disableWebhookEndpoint(
  tx: Db,
  params: { endpointId: string; reason: WebhookDisabledReason; now: Date; actor?: Actor },
): Promise<boolean> {
  const { endpointId, reason, now } = params;
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ providerId: webhookEndpoints.providerId, url: webhookEndpoints.url });
  if (!disabled) return false;
  const cancelled = await cancelPendingDeliveries(tx, { endpointId, now });
  await recordAuditEvent(tx, {
    actor: params.actor ?? WEBHOOK_SYSTEM_ACTOR,
    providerId: disabled.providerId,
    action: "webhook.disabled",
    targetType: "webhook_endpoint",
    targetId: endpointId,
    metadata: { reason, cancelledDeliveries: cancelled },
  });
  await emailManagers(tx, disabled.providerId, "WEBHOOK_DISABLED", (studioUrl) =>
    webhookDisabledEmail({ url: disabled.url, studioUrl, reason, autoDisableDays: AUTO_DISABLE_DAYS }),
  );
  return true;
}

/**
 * Cancels every PENDING delivery of the endpoint (disabling, deleting): a worker sending one right
 * now finds it no longer PENDING and records nothing. Answers how many were cancelled.
 */
export async function cancelPendingDeliveries(tx: Db, params: { endpointId: string; now?: Date }): Promise<number> {
  const rows = await tx
    .update(webhookDeliveries)
    .set({ status: "CANCELLED", lockedUntil: null, updatedAt: params.now ?? new Date() })
    .where(and(eq(webhookDeliveries.endpointId, params.endpointId), eq(webhookDeliveries.status, "PENDING")))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** The provider's active OWNERs and ADMINs who accepted their invitation: those who can fix an endpoint. */
async function emailManagers(tx: Db, providerId: string, kind: EmailKind, build: (studioUrl: string) => EmailMessage): Promise<void> {
  const recipients = await executeRows<{ email: string }>(
    tx,
    sql`select u.email from provider_members m join users u on u.id = m.user_id
        where m.provider_id = ${providerId} and m.revoked_at is null and m.invite_status = 'ACCEPTED'
          and m.role in ('OWNER', 'ADMIN')
        order by u.email`,
  );
  if (recipients.length === 0) return;
  const message = build(`${env().APP_URL}/studio/webhooks`);
  await enqueueEmails(
    tx,
    recipients.map((r) => ({ kind, to: r.email, message })),
  );
}
