import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import styles from "@/components/admin/admin.module.css";
import { APPROVAL_LABELS, APPROVAL_TONES, publicVisibility } from "@/components/admin/labels";
import { ProviderControls } from "@/components/admin/provider-controls";
import { Badge } from "@/components/ui/badge";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { requireAdminPage } from "@/lib/auth/admin-context";
import { isAppError } from "@/lib/errors";
import { getProviderOversight, type ProviderOversight } from "@/lib/providers/get-provider-oversight";
import { resolveSlugRedirect } from "@/lib/providers/resolve-slug-redirect";
import { isListed } from "@/lib/provider-core/public-visibility";

export const metadata = { title: "Provider" };
export const dynamic = "force-dynamic";

async function load(slug: string): Promise<ProviderOversight> {
  const db = await databaseReady();
  try {
    return await getProviderOversight(db, { slug });
  } catch (error) {
    if (!isAppError(error) || error.code !== "NOT_FOUND") throw error;
  }
  const moved = await resolveSlugRedirect(db, { slug, listedOnly: false });
  if (moved) redirect(`/admin/providers/${encodeURIComponent(moved)}`);
  notFound();
}

function keyState(key: ProviderOversight["apiKeys"][number]): string {
  switch (key.status) {
    case "revoked":
      return `Revoked ${formatDate(key.revokedAt!)}`;
    case "expired":
      return `Expired ${formatDate(key.expiresAt!)}`;
    case "creator-left":
      return "Stopped: its creator left the team";
    case "active":
      return key.expiresAt ? `Active, expires ${formatDate(key.expiresAt)}` : "Active";
  }
}

export default async function AdminProviderPage({ params }: { params: Promise<{ slug: string }> }) {
  await requireAdminPage();
  const { provider, members, apiKeys, oldSlugs, pendingChangeRequests } = await load((await params).slug);
  const listed = isListed(provider);
  const visibility = publicVisibility(provider);

  return (
    <>
      <p>
        <Link href="/admin/providers">
          <span aria-hidden="true">← </span>All providers
        </Link>
      </p>
      <PageHeader
        title={provider.name}
        description={
          <>
            <span className={styles.mono}>{provider.slug}</span>{" "}
            <Badge tone={APPROVAL_TONES[provider.approvalStatus]}>{APPROVAL_LABELS[provider.approvalStatus]}</Badge>{" "}
            <Badge tone={visibility.tone}>{visibility.label}</Badge>{" "}
            {provider.featured ? <Badge tone="good">Featured</Badge> : null}
          </>
        }
      />
      <div className={ui.stack}>
        <section className={ui.card} aria-labelledby="oversight-state">
          <h2 id="oversight-state" className={styles.sectionHeading}>State</h2>
          <dl className={styles.facts}>
            <dt>Headline</dt>
            <dd>{provider.headline || "None yet"}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(provider.createdAt)}</dd>
            <dt>Approved</dt>
            <dd>{formatDateTime(provider.approvedAt)}</dd>
            <dt>Published</dt>
            <dd>{provider.publicProfile ? formatDateTime(provider.publishedAt) : "Not published"}</dd>
            <dt>In the directory</dt>
            <dd>{listed ? <Link href={`/providers/${provider.slug}`}>Yes: view the public profile</Link> : "No"}</dd>
            <dt>Old slugs</dt>
            <dd>{oldSlugs.length ? oldSlugs.join(", ") + " (redirect here)" : "None"}</dd>
            <dt>Change requests</dt>
            <dd>
              {pendingChangeRequests ? (
                <Link href="/admin/change-requests">{pendingChangeRequests} waiting for review</Link>
              ) : (
                "None waiting"
              )}
            </dd>
            <dt>Activity</dt>
            <dd>
              <Link href={`/admin/audit?provider=${provider.id}`}>Audit trail of this provider</Link>
            </dd>
          </dl>
          <ProviderControls
            providerId={provider.id}
            name={provider.name}
            featured={provider.featured}
            approvalStatus={provider.approvalStatus}
          />
        </section>

        <section className={ui.card} aria-labelledby="oversight-members">
          <h2 id="oversight-members" className={styles.sectionHeading}>Members</h2>
          {members.length === 0 ? (
            <p>No active members.</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={`${styles.table} cards-on-phone`}>
                <thead>
                  <tr>
                    <th scope="col">Person</th>
                    <th scope="col">Role</th>
                    <th scope="col">Status</th>
                    <th scope="col">Since</th>
                  </tr>
                </thead>
                <tbody>
                  {members.map((m) => (
                    <tr key={m.id}>
                      <th scope="row">
                        {m.user.name ? `${m.user.name} · ` : ""}
                        {m.user.email}
                      </th>
                      <td data-label="Role">{m.role.toLowerCase()}</td>
                      <td data-label="Status">{m.inviteStatus === "ACCEPTED" ? "Member" : `Invited (${m.inviteEmail})`}</td>
                      <td data-label="Since">{formatDate(m.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section className={ui.card} aria-labelledby="oversight-keys">
          <h2 id="oversight-keys" className={styles.sectionHeading}>API keys</h2>
          {apiKeys.length === 0 ? (
            <p>No API keys.</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={`${styles.table} cards-on-phone`}>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Key starts with</th>
                    <th scope="col">Role</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last used</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {apiKeys.map((k) => (
                    <tr key={k.id}>
                      <th scope="row">{k.name}</th>
                      <td data-label="Key starts with" className={styles.mono}>
                        {k.prefix}…
                      </td>
                      <td data-label="Role">{k.role.toLowerCase()}</td>
                      <td data-label="Created">{formatDate(k.createdAt)}</td>
                      <td data-label="Last used">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "Never"}</td>
                      <td data-label="State">{keyState(k)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
