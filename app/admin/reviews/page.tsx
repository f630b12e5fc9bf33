import Link from "next/link";
import { FlashProvider } from "@/components/admin/flash";
import { DisputesSection, NoticesSection } from "@/components/admin/reviews/dispute-notice-sections";
import { HeldSection, PublishedSection, ReportsSection } from "@/components/admin/reviews/review-sections";
import styles from "@/components/studio/inquiries/inquiries.module.css";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { requireAdminPage } from "@/lib/auth/admin-context";
import { listActiveNotices } from "@/lib/reviews/list-active-notices";
import { listHeldReviews } from "@/lib/reviews/list-held-reviews";
import { listOpenDisputes } from "@/lib/reviews/list-open-disputes";
import { listOpenReviewReports } from "@/lib/reviews/list-open-review-reports";
import { listRecentPublishedReviews } from "@/lib/reviews/list-recent-published-reviews";
import { firstParam } from "@/lib/validation/search-params";

export const metadata = { title: "Reviews" };
export const dynamic = "force-dynamic";

const LIMIT = 50;
const TABS = [
  { key: "held", label: "Held" },
  { key: "published", label: "Published" },
  { key: "reports", label: "Reports" },
  { key: "disputes", label: "Disputes" },
  { key: "notices", label: "Notices" },
] as const;
type Tab = (typeof TABS)[number]["key"];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminReviewsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage();
  const raw = firstParam((await searchParams).tab);
  const tab: Tab = TABS.some((t) => t.key === raw) ? (raw as Tab) : "held";
  const db = await databaseReady();
  const now = new Date();
  const tabTitle = TABS.find((t) => t.key === tab)!.label;

  let section;
  switch (tab) {
    case "held":
      section = <HeldSection reviews={await listHeldReviews(db, { limit: LIMIT })} />;
      break;
    case "published":
      section = <PublishedSection reviews={await listRecentPublishedReviews(db, { limit: LIMIT })} />;
      break;
    case "reports":
      section = <ReportsSection reports={await listOpenReviewReports(db, { limit: LIMIT })} />;
      break;
    case "disputes":
      section = <DisputesSection disputes={await listOpenDisputes(db, { limit: LIMIT })} now={now} />;
      break;
    case "notices":
      section = <NoticesSection notices={await listActiveNotices(db, { now, limit: LIMIT })} now={now} />;
      break;
  }

  return (
    <>
      <PageHeader
        title="Reviews"
        description="Held reviews wait for a decision (the rating is not shown: decide on the words and the flags). Published reviews can be removed with a reason both sides see. Disputes are decided within 14 days, or the label goes and the review stays."
      />
      <nav aria-label="Review moderation sections" className={styles.filters}>
        <ul>
          {TABS.map((t) => (
            <li key={t.key}>
              <Link href={t.key === "held" ? "/admin/reviews" : `/admin/reviews?tab=${t.key}`} aria-current={t.key === tab ? "page" : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FlashProvider>
        <section aria-labelledby="reviews-section" className={ui.stack}>
          <h2 id="reviews-section">{tabTitle}</h2>
          {section}
        </section>
      </FlashProvider>
    </>
  );
}
