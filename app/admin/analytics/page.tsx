import { AnalyticsChart } from "@/components/analytics/analytics-chart";
import { AnalyticsDayTable } from "@/components/analytics/analytics-day-table";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { getProviderAnalytics } from "@/lib/analytics/get-provider-analytics";
import { requireAdminPage } from "@/lib/auth/admin-context";

export const metadata = { title: "Analytics" };
export const dynamic = "force-dynamic";

/** Every provider's counts added up per day, over the last 30 days. */
export default async function AdminAnalyticsPage() {
  await requireAdminPage();
  const report = await getProviderAnalytics(await databaseReady(), { providerId: null, query: {} });
  const t = report.totals;
  return (
    <>
      <PageHeader title="Analytics" description={`The whole directory's counts per day (UTC), ${report.from} to ${report.to}.`} />
      <div className={ui.stack}>
        <p>
          {t.profileViews} profile views, {t.visitorDays} visitor-days, {t.websiteClicks} website clicks, {t.contactOpens} contact forms opened,{" "}
          {t.inquiriesSubmitted} inquiries sent, {t.inquiriesDelivered} delivered, {t.inquiriesAnswered} answered.
        </p>
        <p className={ui.muted}>No cookies; bots and each provider&apos;s own team excluded; one visitor counted once per day per provider.</p>
        <AnalyticsChart days={report.days} describedBy="admin-analytics-caption" />
        <AnalyticsDayTable days={report.days} id="admin-analytics-caption" />
      </div>
    </>
  );
}
