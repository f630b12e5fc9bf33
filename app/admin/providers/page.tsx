import Link from "next/link";
import styles from "@/components/admin/admin.module.css";
import { APPROVAL_LABELS, APPROVAL_TONES, publicVisibility } from "@/components/admin/labels";
import { Pager } from "@/components/admin/pager";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { APPROVAL_STATUSES } from "@/db/enums";
import { requireAdminPage } from "@/lib/auth/admin-context";
import { countInquiriesByProvider } from "@/lib/inquiries/count-inquiries-by-provider";
import { adminProviderSearchSchema } from "@/lib/providers/admin-schemas";
import { searchProvidersForAdmin } from "@/lib/providers/search-providers-for-admin";
import { firstParam } from "@/lib/validation/search-params";

export const metadata = { title: "Providers" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminProvidersPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage();
  const raw = await searchParams;
  const query = adminProviderSearchSchema.parse({ q: firstParam(raw.q), status: firstParam(raw.status), page: firstParam(raw.page) });
  const result = await searchProvidersForAdmin(await databaseReady(), {
    q: query.q,
    status: query.status === "ALL" ? undefined : query.status,
    page: query.page,
  });
  const inquiryCounts = await countInquiriesByProvider(await databaseReady(), { providerIds: result.data.map((p) => p.id) });
  const hrefFor = (page: number) => {
    const params = new URLSearchParams({ status: query.status, page: String(page) });
    if (query.q) params.set("q", query.q);
    return `/admin/providers?${params}`;
  };

  return (
    <>
      <PageHeader
        title="Providers"
        description={
          <>
            Every provider, listed or not. Open one to feature, suspend or reinstate it. Platform totals per day are in{" "}
            <Link href="/admin/analytics">analytics</Link>.
          </>
        }
      />
      <form method="get" role="search" className={styles.filters} aria-label="Search providers">
        <div className={ui.field}>
          <label className={ui.label} htmlFor="provider-q">
            Name or slug
          </label>
          <input id="provider-q" name="q" type="search" defaultValue={query.q ?? ""} className={ui.input} maxLength={100} />
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="provider-status">
            Approval
          </label>
          <select id="provider-status" name="status" defaultValue={query.status} className={ui.select}>
            <option value="ALL">Any</option>
            {APPROVAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {APPROVAL_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={ui.buttonSecondary}>
          Search
        </button>
      </form>
      <p aria-live="polite">
        {result.total === 1 ? "1 provider" : `${result.total} providers`}
        {query.q ? ` matching “${query.q}”` : ""}
      </p>
      {result.data.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} cards-on-phone`}>
            <caption className={ui.visuallyHidden}>Providers</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Slug</th>
                <th scope="col">Approval</th>
                <th scope="col">Public</th>
                <th scope="col">Featured</th>
                <th scope="col">Inquiries</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {result.data.map((p) => (
                <tr key={p.id}>
                  <td data-label="Name">
                    <Link href={`/admin/providers/${p.slug}`}>{p.name}</Link>
                  </td>
                  <td data-label="Slug" className={styles.mono}>
                    {p.slug}
                  </td>
                  <td data-label="Approval">
                    <Badge tone={APPROVAL_TONES[p.approvalStatus]}>{APPROVAL_LABELS[p.approvalStatus]}</Badge>
                  </td>
                  <td data-label="Public">{publicVisibility(p).label}</td>
                  <td data-label="Featured">{p.featured ? "Featured" : "No"}</td>
                  <td data-label="Inquiries">{describeCounts(inquiryCounts.get(p.id))}</td>
                  <td data-label="Created">{formatDate(p.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={result.page} hasNext={result.page * result.limit < result.total} hrefFor={hrefFor} />
    </>
  );
}

function describeCounts(counts: { delivered: number; new: number; spam: number } | undefined): string {
  if (!counts) return "0";
  const details = [counts.new ? `${counts.new} new` : null, counts.spam ? `${counts.spam} spam` : null].filter(Boolean);
  return details.length ? `${counts.delivered} (${details.join(", ")})` : String(counts.delivered);
}
