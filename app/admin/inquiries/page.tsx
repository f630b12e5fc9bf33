import Link from "next/link";
import styles from "@/components/admin/admin.module.css";
import ui from "@/components/ui/ui.module.css";
import { Pager } from "@/components/admin/pager";
import { formatDateTime } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { databaseReady } from "@/db";
import { requireAdminPage } from "@/lib/auth/admin-context";
import { listSpamInquiries } from "@/lib/inquiries/list-spam-inquiries";
import { firstParam } from "@/lib/validation/search-params";

export const metadata = { title: "Spam inquiries" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 25;
const EXCERPT = 160;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminSpamInquiriesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage();
  const rawPage = Number(firstParam((await searchParams).page));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 100_000 ? rawPage : 1;
  const result = await listSpamInquiries(await databaseReady(), { page, limit: PAGE_SIZE });
  return (
    <>
      <PageHeader
        title="Spam inquiries"
        description="Inquiries that providers marked as spam, across every provider, with their senders: repeated senders or networks point at abuse."
      />
      {result.data.length === 0 ? (
        <p>{page > 1 ? "No more spam inquiries." : "No provider has marked an inquiry as spam."}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.stacked}`}>
            <caption className={ui.visuallyHidden}>Inquiries marked spam, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Sender</th>
                <th scope="col">Provider</th>
                <th scope="col">Message</th>
                <th scope="col">Network</th>
                <th scope="col">Marked</th>
              </tr>
            </thead>
            <tbody>
              {result.data.map((i) => (
                <tr key={i.id}>
                  <td data-label="Sender">
                    {i.senderName} &lt;{i.senderEmail}&gt;
                  </td>
                  <td data-label="Provider">
                    <Link href={`/admin/providers/${i.providerSlug}`}>{i.providerName}</Link>
                  </td>
                  <td data-label="Message">{i.message.length > EXCERPT ? `${i.message.slice(0, EXCERPT - 1)}…` : i.message}</td>
                  <td data-label="Network" className={styles.mono}>
                    {i.senderIp ?? "—"}
                  </td>
                  <td data-label="Marked">
                    {formatDateTime(i.markedAt)}
                    {i.markedLate ? (
                      <>
                        <br />
                        <strong>marked late: invitation not cancelled</strong>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} hasNext={result.hasNext} hrefFor={(p) => `/admin/inquiries?page=${p}`} label="Spam inquiry pages" />
    </>
  );
}
