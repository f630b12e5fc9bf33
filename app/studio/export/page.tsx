import { RequestExportForm } from "@/components/studio/exports/request-export-form";
import { ExportTable } from "@/components/studio/exports/export-table";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { canWrite } from "@/lib/members/roles";
import { requireStudioPage } from "@/lib/members/studio-context";
import { EXPORT_COOLDOWN_HOURS, EXPORT_LIFETIME_DAYS } from "@/lib/provider-exports/export-rules";
import { listProviderExports } from "@/lib/provider-exports/get-provider-export";

export const metadata = { title: "Export" };

export default async function StudioExportPage() {
  const studio = await requireStudioPage("/studio/export");
  const description = `A zip of your listing, team, inquiries, reviews, daily figures, activity, webhook settings and reports. One export a day; each can be downloaded for ${EXPORT_LIFETIME_DAYS} days.`;
  // Exports hold every inquiry's address: a MEMBER does not see them, only that they exist.
  if (!canWrite(studio.member.role)) {
    return (
      <>
        <PageHeader title="Export" description={description} />
        <Notice>Only owners and admins can export the provider&apos;s data. Ask one of them if you need a copy.</Notice>
      </>
    );
  }
  const db = await databaseReady();
  const { data } = await listProviderExports(db, { providerId: studio.provider.id });
  return (
    <>
      <PageHeader title="Export" description={description} />
      <div className={ui.stack}>
        {studio.suspended ? (
          <Notice>Exports cannot be requested while the registry has the provider suspended.</Notice>
        ) : (
          <section className={ui.card}>
            <RequestExportForm />
            <p className={ui.muted} style={{ margin: 0 }}>
              A new export can start {EXPORT_COOLDOWN_HOURS} hours after the last one (at once if it failed). We email you when it is
              ready; the email links here, and the file downloads only while you are signed in.
            </p>
          </section>
        )}
        <section aria-labelledby="export-history-heading">
          <h2 id="export-history-heading">Your exports</h2>
          {data.length === 0 ? <p className={ui.muted}>No exports yet.</p> : <ExportTable exports={data} />}
        </section>
      </div>
    </>
  );
}
