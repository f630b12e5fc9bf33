import { FlashProvider } from "@/components/admin/flash";
import { Pager } from "@/components/admin/pager";
import { ReportList } from "@/components/studio/reports/report-list";
import { REPORT_STATUS_LABELS } from "@/components/studio/reports/report-labels";
import { ReportStatusTabs } from "@/components/studio/reports/report-status-tabs";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { listListingReports } from "@/lib/listing-reports/list-listing-reports";
import { listingReportListQuerySchema } from "@/lib/listing-reports/schemas";
import { requireStudioPage } from "@/lib/members/studio-context";

export const metadata = { title: "Reports" };

const PAGE = "/studio/reports";
const PAGE_SIZE = 20;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StudioReportsPage({ searchParams }: { searchParams: SearchParams }) {
  const studio = await requireStudioPage(PAGE);
  const raw = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  // A bad status or page in the address shows the first page of open reports rather than an error.
  const parsed = listingReportListQuerySchema.safeParse({ status: first(raw.status), page: first(raw.page) });
  const query = parsed.success ? parsed.data : { status: "OPEN" as const, page: 1 };
  const db = await databaseReady();
  const result = await listListingReports(db, { providerId: studio.provider.id, status: query.status, page: query.page, limit: PAGE_SIZE });
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    if (query.status !== "OPEN") params.set("status", query.status);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return search ? `${PAGE}?${search}` : PAGE;
  };

  return (
    <>
      <PageHeader
        title="Reports"
        description={`Visitors' reports that something on ${studio.provider.name}'s listing is out of date. Check the listing, then mark each report fixed (which also confirms your listing's details) or not an issue. You never see who sent a report.`}
      />
      <FlashProvider>
      <div className={ui.stack}>
        <ReportStatusTabs current={query.status} />
        {!studio.canWrite ? <p className={ui.muted}>You can read reports; owners and admins answer them.</p> : null}
        {result.data.length === 0 ? (
          <p>
            {query.status === "OPEN"
              ? "No open reports. When a visitor reports outdated information, it appears here."
              : `No reports are ${REPORT_STATUS_LABELS[query.status].toLowerCase()}${query.page > 1 ? " on this page" : ""}.`}
          </p>
        ) : (
          <>
            <p className={ui.muted}>
              {result.total} {result.total === 1 ? "report" : "reports"} {REPORT_STATUS_LABELS[query.status].toLowerCase()}, newest first.
            </p>
            <ReportList reports={result.data} canWrite={studio.canWrite} />
          </>
        )}
        <Pager page={query.page} hasNext={query.page * PAGE_SIZE < result.total} hrefFor={hrefFor} label="Report pages" />
      </div>
      </FlashProvider>
    </>
  );
}
