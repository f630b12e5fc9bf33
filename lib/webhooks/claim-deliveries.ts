/**
 * The dispatcher's claim (extensions §8), like the email outbox's: one statement takes due PENDING
 * deliveries of enabled endpoints with FOR UPDATE SKIP LOCKED, so workers in several instances never
 * take the same row, and sets a lease (locked_until). The lease is the claim's fencing token: the
 * worker records its attempt only while locked_until still equals the lease it set. A worker killed
 * mid-send records nothing; once the lease has passed, the delivery is due again and the next claim
 * sends it again with the same `webhook-id` (at-least-once; receivers dedupe).
 *
 * At most `perEndpoint` deliveries of one endpoint are in flight at once, counting the ones other
 * workers hold under a live lease, and at most `limit` in one claim.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints, webhookMessages } from "@/db/schema-webhooks";

export const MAX_CONCURRENT_PER_ENDPOINT = 4;
export const MAX_CONCURRENT_DELIVERIES = 32;
/** Longer than one attempt's 15 s deadline plus recording it, so a live worker never loses its lease. */
export const DELIVERY_LEASE_MS = 60_000;
// Due rows looked at per claim: more than the limit, so one busy endpoint does not starve the rest.
const SCAN_FACTOR = 4;

export interface ClaimedDelivery {
  deliveryId: string;
  messageId: string;
  endpointId: string;
  providerId: string;
  /** Attempts made including this one. */
  attempt: number;
  /** The lease this claim set: the fencing token for recording the attempt. */
  lease: Date;
  url: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
  payload: string;
}

export interface ClaimParams {
  now: Date;
  limit?: number;
  perEndpoint?: number;
  leaseMs?: number;
}

export async function claimDueDeliveries(db: Db, params: ClaimParams): Promise<ClaimedDelivery[]> {
  const limit = params.limit ?? MAX_CONCURRENT_DELIVERIES;
  const perEndpoint = params.perEndpoint ?? MAX_CONCURRENT_PER_ENDPOINT;
  const now = params.now.toISOString();
  // Milliseconds, as a JS Date holds it: the fence compares it for equality after the round trip.
  const lease = new Date(params.now.getTime() + (params.leaseMs ?? DELIVERY_LEASE_MS));
  const claimed = await executeRows<{ id: string; attempt_count: number }>(
    db,
    sql`
      with candidates as (
        select d.id, d.endpoint_id, d.next_attempt_at
        from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
        where d.status = 'PENDING' and d.next_attempt_at <= ${now}::timestamptz
          and (d.locked_until is null or d.locked_until <= ${now}::timestamptz)
        order by d.next_attempt_at
        limit ${limit * SCAN_FACTOR}
        for update of d skip locked
      ), busy as (
        select endpoint_id, count(*)::int as n from webhook_deliveries
        where status = 'PENDING' and locked_until > ${now}::timestamptz
          and endpoint_id in (select endpoint_id from candidates)
        group by endpoint_id
      ), ranked as (
        select c.id, c.next_attempt_at,
          row_number() over (partition by c.endpoint_id order by c.next_attempt_at, c.id) + coalesce(b.n, 0) as slot
        from candidates c left join busy b on b.endpoint_id = c.endpoint_id
      ), chosen as (
        select id from ranked where slot <= ${perEndpoint} order by next_attempt_at limit ${limit}
      )
      update webhook_deliveries d
      set attempt_count = d.attempt_count + 1, locked_until = ${lease.toISOString()}::timestamptz, updated_at = ${now}::timestamptz
      from chosen where d.id = chosen.id
      returning d.id, d.attempt_count`,
  );
  if (claimed.length === 0) return [];
  const attempts = new Map(claimed.map((row) => [row.id, Number(row.attempt_count)]));
  const rows = await db
    .select({
      deliveryId: webhookDeliveries.id,
      messageId: webhookDeliveries.messageId,
      endpointId: webhookDeliveries.endpointId,
      providerId: webhookEndpoints.providerId,
      url: webhookEndpoints.url,
      secretSealed: webhookEndpoints.secretSealed,
      previousSecretSealed: webhookEndpoints.previousSecretSealed,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
      payload: webhookMessages.payload,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(inArray(webhookDeliveries.id, [...attempts.keys()]));
  return rows
    .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime())
    .map(({ nextAttemptAt: _due, ...row }) => ({ ...row, attempt: attempts.get(row.deliveryId)!, lease }));
}
