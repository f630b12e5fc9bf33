import Link from "next/link";
import { Pager } from "@/components/admin/pager";
import { InquiryList } from "@/components/studio/inquiries/inquiry-list";
import { StatusFilter } from "@/components/studio/inquiries/status-filter";
import { STATUS_LABELS } from "@/components/studio/inquiries/inquiry-labels";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { canWrite } from "@/lib/members/roles";
import { requireStudioPage } from "@/lib/members/studio-context";
import { INQUIRIES_CSV_MAX_ROWS } from "@/lib/provider-exports/export-rules";
import { countInquiriesByStatus } from "@/lib/inquiries/count-inquiries-by-status";
import { listInquiries } from "@/lib/inquiries/list-inquiries";
import { inquiryListQuerySchema } from "@/lib/inquiries/schemas";

export const metadata = { title: "Inquiries" };

const PAGE = "/studio/inquiries";
const PAGE_SIZE = 20;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StudioInquiriesPage({ searchParams }: { searchParams: SearchParams }) {
  const studio = await requireStudioPage(PAGE);
  const raw = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  // A bad filter or page in the address shows the first page of everything rather than an error.
  const parsed = inquiryListQuerySchema.safeParse({ status: first(raw.status), page: first(raw.page) });
  const query = parsed.success ? parsed.data : { status: undefined, page: 1 };
  const db = await databaseReady();
  // "All" is the inbox: every status but spam, which only its own tab lists.
  const [result, counts] = await Promise.all([
    listInquiries(db, { providerId: studio.provider.id, status: query.status, exceptSpam: true, page: query.page, limit: PAGE_SIZE }),
    countInquiriesByStatus(db, { providerId: studio.provider.id }),
  ]);
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    if (query.status) params.set("status", query.status);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return search ? `${PAGE}?${search}` : PAGE;
  };

  return (
    <>
      <PageHeader
        title="Inquiries"
        description={`Messages visitors sent ${studio.provider.name} from its profile, after confirming their email address. Reply by email, then mark them replied: how quickly you answer shows on your profile.`}
      />
      <div className={ui.stack}>
        <StatusFilter current={query.status} counts={counts} />
        {!studio.canWrite ? (
          <p className={ui.muted}>You can read inquiries; owners and admins change their status.</p>
        ) : null}
        {result.data.length === 0 ? (
          <p>
            {query.status
              ? `No inquiries are ${STATUS_LABELS[query.status].toLowerCase()}${query.page > 1 ? " on this page" : ""}.`
              : counts.SPAM > 0
                ? "No inquiries but spam, which is under its own tab."
                : "No inquiries yet. They appear here once a visitor confirms their email address."}
          </p>
        ) : (
          <>
            <p className={ui.muted}>
              {result.total} {result.total === 1 ? "inquiry" : "inquiries"}
              {query.status ? ` ${STATUS_LABELS[query.status].toLowerCase()}` : counts.SPAM > 0 ? " (spam is under its own tab)" : ""}, newest
              first.
            </p>
            {canWrite(studio.member.role) ? (
              <p className={ui.muted}>
                <a href={query.status ? `${PAGE}/csv?status=${query.status}` : `${PAGE}/csv`} download>
                  Download {query.status ? `the ${STATUS_LABELS[query.status].toLowerCase()} ones` : "all, spam included,"} as CSV
                </a>{" "}
                (up to {INQUIRIES_CSV_MAX_ROWS.toLocaleString("en")}; more is in a <Link href="/studio/export">full export</Link>).
              </p>
            ) : null}
            <InquiryList inquiries={result.data} canWrite={studio.canWrite} />
          </>
        )}
        <Pager page={query.page} hasNext={query.page * PAGE_SIZE < result.total} hrefFor={hrefFor} label="Inquiry pages" />
      </div>
    </>
  );
}
