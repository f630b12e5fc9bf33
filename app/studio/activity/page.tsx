import Link from "next/link";
import { ActivityTable } from "@/components/studio/activity/activity-table";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { listAuditEvents, type AuditEventPage } from "@/lib/audit/list-audit-events";
import { inquiryNames } from "@/lib/inquiries/inquiry-names";
import { requireStudioPage } from "@/lib/members/studio-context";
import { AppError } from "@/lib/errors";

export const metadata = { title: "Activity" };

const PAGE = "/studio/activity";
const PAGE_SIZE = 50;

export default async function StudioActivityPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const studio = await requireStudioPage(PAGE);
  const db = await databaseReady();
  const raw = (await searchParams).before;
  const before = (Array.isArray(raw) ? raw[0] : raw) || null;

  let page: AuditEventPage | null = null;
  try {
    page = await listAuditEvents(db, { providerId: studio.provider.id, before, limit: PAGE_SIZE });
  } catch (error) {
    if (!(error instanceof AppError && error.code === "VALIDATION_FAILED")) throw error;
  }
  // The inquiries this page mentions, named by their sender and opening words (one query).
  const inquiries = await inquiryNames(db, {
    providerId: studio.provider.id,
    inquiryIds: (page?.events ?? []).flatMap((event) => (event.targetType === "inquiry" && event.targetId ? [event.targetId] : [])),
  });

  return (
    <>
      <PageHeader
        title="Activity"
        description={`Who changed what at ${studio.provider.name}, and when: in the studio, with an API key or by the registry.`}
      />
      <div className={ui.stack}>
        {!page ? (
          <Notice tone="error">
            That page of the activity no longer exists. <Link href={PAGE}>Show the newest activity</Link>.
          </Notice>
        ) : page.events.length === 0 ? (
          <p>{before ? "There is no older activity." : "Nothing has happened yet."}</p>
        ) : (
          <ActivityTable events={page.events} inquiries={inquiries} caption={before ? "Older activity, newest first" : "Activity, newest first"} />
        )}
        {page && (before || page.nextCursor) ? (
          <nav aria-label="Activity pages" className={ui.row}>
            {before ? <Link href={PAGE}>Newest</Link> : null}
            {page.nextCursor ? (
              <Link href={`${PAGE}?before=${encodeURIComponent(page.nextCursor)}`} rel="next">
                Older
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </>
  );
}
