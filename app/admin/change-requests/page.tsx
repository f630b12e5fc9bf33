import Link from "next/link";
import styles from "@/components/admin/admin.module.css";
import { ChangeRequestDecision } from "@/components/admin/change-request-decision";
import { FlashProvider } from "@/components/admin/flash";
import { CHANGE_REQUEST_LABELS } from "@/components/admin/labels";
import { Pager } from "@/components/admin/pager";
import { SelectFilter } from "@/components/admin/select-filter";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { CHANGE_REQUEST_STATUSES } from "@/db/enums";
import { requireAdminPage } from "@/lib/auth/admin-context";
import { adminChangeRequestQuerySchema } from "@/lib/providers/admin-schemas";
import { ADMIN_CHANGE_REQUEST_PAGE, listChangeRequestsForAdmin } from "@/lib/change-requests/list-change-requests-for-admin";
import { firstParam } from "@/lib/validation/search-params";

export const metadata = { title: "Change requests" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminChangeRequestsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage();
  const raw = await searchParams;
  const query = adminChangeRequestQuerySchema.parse({ status: firstParam(raw.status), page: firstParam(raw.page) });
  const result = await listChangeRequestsForAdmin(await databaseReady(), {
    status: query.status === "ALL" ? undefined : query.status,
    page: query.page,
  });
  const hrefFor = (page: number) => `/admin/change-requests?status=${query.status}&page=${page}`;

  return (
    <>
      <PageHeader
        title="Change requests"
        description="Name and slug changes asked for in the studio. An approved slug change keeps the old address as a permanent redirect."
      />
      <SelectFilter
        formLabel="Filter change requests"
        id="change-status"
        name="status"
        label="Status"
        value={query.status}
        options={[
          ...CHANGE_REQUEST_STATUSES.map((s) => ({ value: s, label: CHANGE_REQUEST_LABELS[s] })),
          { value: "ALL", label: "Any status" },
        ]}
      />
      <FlashProvider>
        {result.data.length === 0 ? (
          <p>{query.status === "PENDING" ? "No change is waiting for review." : "No change requests with this status."}</p>
        ) : (
          <ol className={styles.list}>
            {result.data.map((r) => {
              const what = r.field === "NAME" ? "Name" : "Slug";
              return (
                <li key={r.id}>
                  <article className={ui.card} aria-labelledby={`change-${r.id}`}>
                    <div className={styles.cardHeader}>
                      <h2 id={`change-${r.id}`}>
                        {what} change for {r.provider.name}
                      </h2>
                      <Badge tone={r.status === "PENDING" ? "warn" : r.status === "APPROVED" ? "good" : "neutral"}>
                        {CHANGE_REQUEST_LABELS[r.status]}
                      </Badge>
                    </div>
                    <dl className={styles.facts}>
                      <dt>Provider</dt>
                      <dd>
                        <Link href={`/admin/providers/${r.provider.slug}`}>{r.provider.slug}</Link>
                      </dd>
                      <dt>From</dt>
                      <dd className={r.field === "SLUG" ? styles.mono : undefined}>{r.currentValue}</dd>
                      <dt>To</dt>
                      <dd className={r.field === "SLUG" ? styles.mono : undefined}>{r.requestedValue}</dd>
                      <dt>Asked by</dt>
                      <dd>{r.requestedBy ?? "Unknown"}</dd>
                      <dt>Asked</dt>
                      <dd>{formatDateTime(r.createdAt)}</dd>
                      {r.decidedAt ? (
                        <>
                          <dt>Decided</dt>
                          <dd>
                            {formatDateTime(r.decidedAt)}
                            {r.decidedBy ? ` by ${r.decidedBy}` : ""}
                          </dd>
                        </>
                      ) : null}
                      {r.decisionNote ? (
                        <>
                          <dt>Note</dt>
                          <dd>{r.decisionNote}</dd>
                        </>
                      ) : null}
                    </dl>
                    {r.status === "PENDING" ? (
                      <ChangeRequestDecision
                        changeRequestId={r.id}
                        providerName={r.provider.name}
                        field={r.field}
                        currentValue={r.currentValue}
                        requestedValue={r.requestedValue}
                      />
                    ) : null}
                  </article>
                </li>
              );
            })}
          </ol>
        )}
        <Pager page={query.page} hasNext={query.page * ADMIN_CHANGE_REQUEST_PAGE < result.total} hrefFor={hrefFor} />
      </FlashProvider>
    </>
  );
}
