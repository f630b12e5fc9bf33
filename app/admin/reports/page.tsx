import Link from "next/link";
import styles from "@/components/admin/admin.module.css";
import { DismissClusterButton } from "@/components/admin/dismiss-cluster-button";
import { FlashProvider } from "@/components/admin/flash";
import { Pager } from "@/components/admin/pager";
import { formatDateTime } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { requireAdminPage } from "@/lib/auth/admin-context";
import { listReportClusters } from "@/lib/listing-reports/list-report-clusters";
import { ESCALATION_DISTINCT_REPORTERS } from "@/lib/listing-reports/report-rules";
import { firstParam } from "@/lib/validation/search-params";

export const metadata = { title: "Reports" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 25;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminReportsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage();
  const rawPage = Number(firstParam((await searchParams).page));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 100_000 ? rawPage : 1;
  const result = await listReportClusters(await databaseReady(), { page, limit: PAGE_SIZE });
  return (
    <>
      <PageHeader
        title="Reports of outdated information"
        description={`Providers with open reports from visitors, most distinct reporters first. ${ESCALATION_DISTINCT_REPORTERS} distinct reporters saying a provider cannot be reached or is out of business ask it to confirm its listing, or it is hidden at the deadline; dismissing the cluster stops that.`}
      />
      <FlashProvider>
      {result.data.length === 0 ? (
        <p>{page > 1 ? "No more providers with open reports." : "No provider has open reports."}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.stacked}`}>
            <caption className={ui.visuallyHidden}>Providers with open reports, most distinct reporters first</caption>
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Distinct reporters</th>
                <th scope="col">Open reports</th>
                <th scope="col">Unreachable or closed</th>
                <th scope="col">Confirm deadline</th>
                <th scope="col">Latest</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {result.data.map((c) => (
                <tr key={c.providerId}>
                  <td data-label="Provider">
                    <Link href={`/admin/providers/${c.slug}`}>{c.name}</Link>
                  </td>
                  <td data-label="Distinct reporters">{c.distinctReporters}</td>
                  <td data-label="Open reports">{c.openReports}</td>
                  <td data-label="Unreachable or closed">{c.escalatingReporters}</td>
                  <td data-label="Confirm deadline">{c.escalationDeadline ? formatDateTime(c.escalationDeadline) : "—"}</td>
                  <td data-label="Latest">{formatDateTime(c.latestAt)}</td>
                  <td data-label="Action">
                    <DismissClusterButton providerId={c.providerId} name={c.name} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      </FlashProvider>
      <Pager page={page} hasNext={page * PAGE_SIZE < result.total} hrefFor={(p) => `/admin/reports?page=${p}`} label="Report pages" />
    </>
  );
}
