import Link from "next/link";
import styles from "@/components/admin/admin.module.css";
import { describeAuditDetails } from "@/components/admin/audit-details";
import { describeAction } from "@/components/studio/activity/describe-audit-event";
import { Notice } from "@/components/ui/notice";
import { formatDateTime } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { databaseReady } from "@/db";
import { listAuditEvents, type AuditEventPage } from "@/lib/audit/list-audit-events";
import { requireAdminPage } from "@/lib/auth/admin-context";
import { isAppError } from "@/lib/errors";
import { firstParam } from "@/lib/validation/search-params";
import ui from "@/components/ui/ui.module.css";

export const metadata = { title: "Audit trail" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const PAGE_SIZE = 50;

export default async function AdminAuditPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage();
  const raw = await searchParams;
  const providerId = firstParam(raw.provider) || undefined;
  const before = firstParam(raw.before) || undefined;
  let page: AuditEventPage;
  let badCursor = false;
  try {
    page = await listAuditEvents(await databaseReady(), { providerId, before, limit: PAGE_SIZE });
  } catch (error) {
    if (!isAppError(error) || error.code !== "VALIDATION_FAILED") throw error;
    badCursor = true;
    page = { events: [], nextCursor: null };
  }
  const scoped = providerId ? page.events.find((e) => e.provider)?.provider : undefined;
  const nextHref = page.nextCursor
    ? `/admin/audit?${new URLSearchParams({ ...(providerId ? { provider: providerId } : {}), before: page.nextCursor })}`
    : null;

  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Every change made by admins, the operator CLI, provider teams and API keys, newest first."
      />
      {providerId ? (
        <p>
          Showing one provider{scoped ? ` (${scoped.name})` : ""}. <Link href="/admin/audit">Show every provider</Link>
        </p>
      ) : null}
      {badCursor ? (
        <Notice tone="error">
          That page link is not valid. <Link href="/admin/audit">Start from the newest events</Link>.
        </Notice>
      ) : null}
      {page.events.length === 0 && !badCursor ? <p>No events.</p> : null}
      {page.events.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} cards-on-phone`}>
            <caption className={ui.visuallyHidden}>Audit events, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Provider</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {page.events.map((e) => (
                <tr key={e.id}>
                  <td data-label="When">{formatDateTime(e.createdAt)}</td>
                  <td data-label="Who">
                    {e.actor.label}
                    {e.actor.name && e.actor.name !== e.actor.label ? ` (${e.actor.name})` : ""}
                    {" · "}
                    <span className={styles.who}>{e.actor.type.toLowerCase().replace("_", " ")}</span>
                  </td>
                  <td data-label="What" className={styles.auditWords}>
                    {describeAction(e.action)}
                    {/* The code too, as admins search logs and the CLI by it; whole, never cut mid-word. */}
                    <span className={styles.auditCode}>{e.action}</span>
                  </td>
                  <td data-label="Provider">
                    {e.provider ? <Link href={`/admin/providers/${e.provider.slug}`}>{e.provider.name}</Link> : "Platform"}
                  </td>
                  <td data-label="Details" className={styles.auditWords}>
                    <pre className={styles.metadata}>{describeAuditDetails(e.metadata)}</pre>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {before || nextHref ? (
        <nav aria-label="Pages" className={styles.pagination}>
          {before ? <Link href={providerId ? `/admin/audit?provider=${providerId}` : "/admin/audit"}>Newest events</Link> : <span />}
          {nextHref ? (
            <Link href={nextHref} rel="next">
              Older events<span aria-hidden="true"> →</span>
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
