import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { ESCALATING_CATEGORIES } from "./report-rules";

export interface ReportCluster {
  providerId: string;
  name: string;
  slug: string;
  openReports: number;
  /** Distinct clients among the open reports (the queue's order). */
  distinctReporters: number;
  /** Distinct clients among the open OUT_OF_BUSINESS and CONTACT_FAILS reports, which escalate. */
  escalatingReporters: number;
  latestAt: Date;
  escalationDeadline: Date | null;
}

/**
 * The admin's queue: each provider with OPEN reports or an open escalation, most distinct reporters
 * first, then most reports, then the most recent. Paged like the other queues.
 */
export async function listReportClusters(db: Db, params: { page: number; limit: number }): Promise<{ data: ReportCluster[]; total: number }> {
  const categories = sql.join(ESCALATING_CATEGORIES.map((c) => sql`${c}`), sql`, `);
  const rows = await executeRows<{
    provider_id: string;
    name: string;
    slug: string;
    open_reports: number;
    distinct_reporters: number;
    escalating_reporters: number;
    latest_at: string | Date;
    deadline_at: string | Date | null;
    total: number;
  }>(db, sql`
    with open_reports as (
      select provider_id,
        count(*)::int as open_reports,
        count(distinct reporter_key)::int as distinct_reporters,
        (count(distinct reporter_key) filter (where category in (${categories})))::int as escalating_reporters,
        max(created_at) as latest_at
      from listing_reports where status = 'OPEN'
      group by provider_id
    ), open_escalations as (
      select provider_id, deadline_at, requested_at from listing_report_escalations where closed_at is null
    ), clusters as (
      select coalesce(r.provider_id, e.provider_id) as provider_id,
        coalesce(r.open_reports, 0) as open_reports,
        coalesce(r.distinct_reporters, 0) as distinct_reporters,
        coalesce(r.escalating_reporters, 0) as escalating_reporters,
        coalesce(r.latest_at, e.requested_at) as latest_at,
        e.deadline_at
      from open_reports r full join open_escalations e on e.provider_id = r.provider_id
    )
    select c.*, p.name, p.slug, count(*) over ()::int as total
    from clusters c join providers p on p.id = c.provider_id
    order by c.distinct_reporters desc, c.open_reports desc, c.latest_at desc, c.provider_id
    limit ${params.limit} offset ${(params.page - 1) * params.limit}`);
  const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
  return {
    total: rows[0]?.total ?? 0,
    data: rows.map((r) => ({
      providerId: r.provider_id,
      name: r.name,
      slug: r.slug,
      openReports: r.open_reports,
      distinctReporters: r.distinct_reporters,
      escalatingReporters: r.escalating_reporters,
      latestAt: toDate(r.latest_at),
      escalationDeadline: r.deadline_at ? toDate(r.deadline_at) : null,
    })),
  };
}
