import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providerResponsiveness } from "@/db/schema";

export const RESPONSIVENESS_WINDOW_DAYS = 90;

/**
 * Recomputes one provider's responsiveness row from its inquiries delivered in the last 90 days, less
 * those it marked SPAM: spam is neither a lead answered nor one ignored, so it is in neither the sample
 * nor the answered count (issue 31: "answered 3 of 5" with one spam read as a lead left unanswered).
 * `responded` counts those with a first response (they left NEW), and `median_hours` is the median hours from delivery to first response, an inquiry not yet
 * answered counting the hours it has waited so far: its time to a first response is at least that,
 * so the figure is never flattering and is always a number, as the spec types it. Called in the
 * transactions that deliver an inquiry or change its status, and by the reminder sweep (hourly) as the
 * window and the waiting times move, so pages read one row.
 */
export async function refreshResponsiveness(tx: Db, params: { providerId: string }): Promise<void> {
  // A trigger on provider_responsiveness (migration 0007) logs a change of the figures as a change of
  // this provider's profile, so cached copies of it, and only of it, are read again.
  await tx.execute(sql`
    insert into ${providerResponsiveness} (provider_id, sample, responded, median_hours, computed_at)
    select ${params.providerId}::uuid, count(*)::int,
      count(${inquiries.firstResponseAt})::int,
      percentile_cont(0.5) within group (
        order by extract(epoch from coalesce(${inquiries.firstResponseAt}, now()) - ${inquiries.deliveredAt}) / 3600.0
      ),
      now()
    from ${inquiries}
    where ${inquiries.providerId} = ${params.providerId}
      and ${inquiries.deliveredAt} > now() - make_interval(days => ${RESPONSIVENESS_WINDOW_DAYS})
      and ${inquiries.status} <> 'SPAM'
    on conflict (provider_id) do update
      set sample = excluded.sample, responded = excluded.responded,
          median_hours = excluded.median_hours, computed_at = excluded.computed_at`);
}
