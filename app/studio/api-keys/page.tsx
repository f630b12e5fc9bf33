import Link from "next/link";
import { ApiKeyTable } from "@/components/studio/api-keys/api-key-table";
import { CreateApiKeyForm } from "@/components/studio/api-keys/create-api-key-form";
import { toRowView } from "@/components/studio/api-keys/key-view";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { listApiKeys, RECENTLY_REVOKED_DAYS } from "@/lib/api-keys/list-api-keys";
import { requireStudioPage } from "@/lib/members/studio-context";
import { canManageRole } from "@/lib/members/roles";

export const metadata = { title: "API keys" };

export default async function StudioApiKeysPage() {
  const studio = await requireStudioPage("/studio/api-keys");
  const db = await databaseReady();
  const keys = await listApiKeys(db, { providerId: studio.provider.id });
  const role = studio.member.role;
  const rows = keys.map((key) => toRowView(key, canManageRole(role, key.actingRole)));
  const current = rows.filter((row) => !row.revoked);
  const revoked = rows.filter((row) => row.revoked);

  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys let your own software use the <Link href="/docs/api">provider API</Link> as {studio.provider.name}.
          </>
        }
      />
      <div className={ui.stack}>
        {studio.suspended ? (
          <Notice>Keys cannot be created or revoked while the registry has the provider suspended.</Notice>
        ) : role === "MEMBER" ? (
          <Notice>Your role (member) can see the keys but not create or revoke them. Ask an owner or admin.</Notice>
        ) : (
          <section className={ui.card}>
            <CreateApiKeyForm role={role} />
          </section>
        )}
        <section aria-labelledby="keys-heading">
          <h2 id="keys-heading">Keys</h2>
          <ApiKeyTable
            caption={`Keys of ${studio.provider.name} that are not revoked`}
            emptyText="There are no keys yet."
            keys={current}
            showActions={studio.canWrite}
          />
        </section>
        {revoked.length > 0 ? (
          <section aria-labelledby="revoked-keys-heading">
            <h2 id="revoked-keys-heading">Revoked recently</h2>
            <ApiKeyTable
              caption={`Keys revoked in the last ${RECENTLY_REVOKED_DAYS} days`}
              emptyText=""
              keys={revoked}
              showActions={false}
            />
          </section>
        ) : null}
      </div>
    </>
  );
}
