import { AnalyticsChart } from "@/components/analytics/analytics-chart";
import { AnalyticsDayTable } from "@/components/analytics/analytics-day-table";
import { AnalyticsFunnel } from "@/components/analytics/analytics-funnel";
import { PERIOD_CHOICES, PeriodPicker } from "@/components/analytics/period-picker";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { getProviderAnalytics } from "@/lib/analytics/get-provider-analytics";
import { analyticsRangeQuerySchema, type AnalyticsRangeQuery } from "@/lib/analytics/schemas";
import { addDays, utcDay } from "@/lib/analytics/utc-day";
import { isAppError } from "@/lib/errors";
import { requireStudioPage } from "@/lib/members/studio-context";

export const metadata = { title: "Analytics" };

const PAGE = "/studio/analytics";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The period the address asks for: a choice of the last N days, or the custom dates. */
function periodOf(raw: Record<string, string | string[] | undefined>, today: string): { period: string; query: AnalyticsRangeQuery } {
  const period = first(raw.period) ?? "30";
  if ((PERIOD_CHOICES as readonly string[]).includes(period)) {
    return { period, query: { from: addDays(today, -(Number(period) - 1)), to: today } };
  }
  const parsed = analyticsRangeQuerySchema.safeParse({ from: first(raw.from) || undefined, to: first(raw.to) || undefined });
  return { period: "custom", query: parsed.success ? parsed.data : { from: "invalid", to: "invalid" } };
}

export default async function StudioAnalyticsPage({ searchParams }: { searchParams: SearchParams }) {
  const studio = await requireStudioPage(PAGE);
  const db = await databaseReady();
  const today = utcDay(new Date());
  const { period, query } = periodOf(await searchParams, today);
  let problem: string | null = null;
  let report;
  try {
    report = await getProviderAnalytics(db, { providerId: studio.provider.id, query });
  } catch (error) {
    if (!isAppError(error) || error.code !== "VALIDATION_FAILED") throw error;
    problem = "Those dates cannot be shown: choose a start no later than the end, at most 366 days, within the last 25 months. Showing the last 30 days.";
    report = await getProviderAnalytics(db, { providerId: studio.provider.id, query: {} });
  }

  return (
    <>
      <PageHeader
        title="Analytics"
        description={`How visitors found and contacted ${studio.provider.name}, from ${report.from} to ${report.to}.`}
      />
      <div className={ui.stack}>
        <p className={ui.muted}>
          How counting works: no cookies; bots and your own team&apos;s visits excluded; one visitor counted once per day; days are UTC.
          Views reach these numbers within about 10 seconds.
        </p>
        <PeriodPicker action={PAGE} period={period} from={report.from} to={report.to} />
        {problem ? (
          <p className={ui.noticeError} role="alert">
            {problem}
          </p>
        ) : null}
        <section aria-labelledby="funnel-heading" className={ui.stack}>
          <h2 id="funnel-heading">From a view to an answer</h2>
          <AnalyticsFunnel report={report} />
          <p className={ui.muted}>
            The period before: {report.previousPeriod.profileViews} profile views, {report.previousPeriod.inquiriesDelivered} inquiries delivered.
            Visitor-days: each visitor counted once per day they came, summed over the days.
          </p>
        </section>
        <section aria-labelledby="days-heading" className={ui.stack}>
          <h2 id="days-heading">Profile views per day</h2>
          <AnalyticsChart days={report.days} describedBy="analytics-days-caption" />
          <AnalyticsDayTable days={report.days} id="analytics-days-caption" />
        </section>
      </div>
    </>
  );
}
