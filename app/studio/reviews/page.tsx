import Link from "next/link";
import { FlashProvider } from "@/components/admin/flash";
import { Pager } from "@/components/admin/pager";
import styles from "@/components/studio/inquiries/inquiries.module.css";
import { ReviewList } from "@/components/studio/reviews/review-list";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { requireStudioPage } from "@/lib/members/studio-context";
import { listProviderReviews } from "@/lib/reviews/list-provider-reviews";
import { providerReviewListQuerySchema } from "@/lib/reviews/moderation-schemas";

export const metadata = { title: "Reviews" };

const PAGE = "/studio/reviews";
const PAGE_SIZE = 20;
const TABS = [
  { status: "PUBLISHED", label: "Published" },
  { status: "REMOVED", label: "Removed" },
] as const;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StudioReviewsPage({ searchParams }: { searchParams: SearchParams }) {
  const studio = await requireStudioPage(PAGE);
  const raw = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  // A bad status or page in the address shows the first page of published reviews rather than an error.
  const parsed = providerReviewListQuerySchema.safeParse({ status: first(raw.status), page: first(raw.page) });
  const query = parsed.success ? parsed.data : { status: "PUBLISHED" as const, page: 1 };
  const db = await databaseReady();
  const result = await listProviderReviews(db, { providerId: studio.provider.id, status: query.status, page: query.page, limit: PAGE_SIZE });
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    if (query.status !== "PUBLISHED") params.set("status", query.status);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return search ? `${PAGE}?${search}` : PAGE;
  };

  return (
    <>
      <PageHeader
        title="Reviews"
        description={`Reviews of ${studio.provider.name} by clients who contacted you through the registry. Reply once to any published review (you can edit the reply for an hour), or dispute one that breaks the rules.`}
      />
      <FlashProvider>
        <div className={ui.stack}>
          <p>
            {result.pendingCount === 0
              ? "No reviews are waiting to be published."
              : `${result.pendingCount} ${result.pendingCount === 1 ? "review is" : "reviews are"} waiting to be published. Reviews are not shown to you before they publish, so nobody is pressed to change one.`}
          </p>
          <nav aria-label="Reviews by status" className={styles.filters}>
            <ul>
              {TABS.map((tab) => (
                <li key={tab.status}>
                  <Link href={tab.status === "PUBLISHED" ? PAGE : `${PAGE}?status=${tab.status}`} aria-current={tab.status === query.status ? "page" : undefined}>
                    {tab.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {!studio.canWrite ? <p className={ui.muted}>You can read reviews; owners and admins reply to and dispute them.</p> : null}
          {result.data.length === 0 ? (
            <p>{query.status === "PUBLISHED" ? "No published reviews yet." : "No reviews were removed."}</p>
          ) : (
            <>
              <p className={ui.muted}>
                {result.total} {result.total === 1 ? "review" : "reviews"} {query.status === "PUBLISHED" ? "published" : "removed"}, newest first.
              </p>
              <ReviewList reviews={result.data} canWrite={studio.canWrite} now={new Date()} />
            </>
          )}
          <Pager page={query.page} hasNext={query.page * PAGE_SIZE < result.total} hrefFor={hrefFor} label="Review pages" />
        </div>
      </FlashProvider>
    </>
  );
}
