import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providerResponsiveness } from "@/db/schema";
import { serializeResponsiveness } from "./serialize";

export const RESPONSIVENESS_WINDOW_DAYS = 90;

/**
 * Recomputes one provider's responsiveness row from its inquiries delivered in the last 90 days, those
 * marked SPAM left out (they are not leads: counting them would reward or punish a provider for the
 * spam it receives). `sample` counts the rest, `responded` those with a first response (they left NEW:
 * replied or archived), and `median_hours` is the median of hours from delivery to first response over
 * the responded ones only — null while none is — so the two numbers read together: "usually answers
 * within 3 hours, answered 4 of 10". Called in the transactions that deliver an inquiry or change its
 * status, and by the reminder sweep as the window moves, so pages read one row. When what the public
 * sees changes, the listing version moves (as the providers triggers do), so cached profiles refresh.
 */
export async function refreshResponsiveness(tx: Db, params: { providerId: string }): Promise<void> {
  const [before] = await tx
    .select()
    .from(providerResponsiveness)
    .where(eq(providerResponsiveness.providerId, params.providerId));
  await tx.execute(sql`
    insert into ${providerResponsiveness} (provider_id, sample, responded, median_hours, computed_at)
    select ${params.providerId}::uuid, count(*)::int,
      count(${inquiries.firstResponseAt})::int,
      percentile_cont(0.5) within group (
        order by extract(epoch from ${inquiries.firstResponseAt} - ${inquiries.deliveredAt}) / 3600.0
      ),
      now()
    from ${inquiries}
    where ${inquiries.providerId} = ${params.providerId}
      and ${inquiries.deliveredAt} > now() - make_interval(days => ${RESPONSIVENESS_WINDOW_DAYS})
      and ${inquiries.status} <> 'SPAM'
    on conflict (provider_id) do update
      set sample = excluded.sample, responded = excluded.responded,
          median_hours = excluded.median_hours, computed_at = excluded.computed_at`);
  const [after] = await tx
    .select()
    .from(providerResponsiveness)
    .where(eq(providerResponsiveness.providerId, params.providerId));
  if (JSON.stringify(serializeResponsiveness(before)) !== JSON.stringify(serializeResponsiveness(after))) {
    await tx.execute(sql`update provider_listing_state set version = nextval('provider_listing_version_seq')::text where id = 1`);
  }
}
