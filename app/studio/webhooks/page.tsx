import Link from "next/link";
import { EndpointTable } from "@/components/studio/webhooks/endpoint-table";
import { WebhookForm } from "@/components/studio/webhooks/webhook-form";
import { WebhooksOffNotice } from "@/components/studio/webhooks/webhooks-off-notice";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { requireStudioPage } from "@/lib/members/studio-context";
import { listWebhookEndpoints } from "@/lib/webhook-endpoints/list-webhook-endpoints";
import { MAX_WEBHOOK_ENDPOINTS } from "@/lib/webhook-endpoints/rules";
import { webhookConfig } from "@/lib/webhooks/webhook-config";

export const metadata = { title: "Webhooks" };

export default async function StudioWebhooksPage() {
  const studio = await requireStudioPage("/studio/webhooks");
  const description = (
    <>
      Webhooks send your own systems a signed message when an inquiry arrives, your listing changes or a review is published.
      See <Link href="/docs/api/webhooks">the events and how to verify them</Link>.
    </>
  );
  if (!webhookConfig(env())) {
    return (
      <>
        <PageHeader title="Webhooks" description={description} />
        <WebhooksOffNotice />
      </>
    );
  }
  const db = await databaseReady();
  const { data: endpoints } = await listWebhookEndpoints(db, { providerId: studio.provider.id });
  const full = endpoints.length >= MAX_WEBHOOK_ENDPOINTS;

  return (
    <>
      <PageHeader title="Webhooks" description={description} />
      <div className={ui.stack}>
        {studio.suspended ? (
          <Notice>Endpoints cannot be changed while the registry has the provider suspended.</Notice>
        ) : !studio.canWrite ? (
          <Notice>Your role (member) can see the endpoints and their deliveries but not change them. Ask an owner or admin.</Notice>
        ) : full ? (
          <Notice>You have {MAX_WEBHOOK_ENDPOINTS} endpoints, the most a provider may have. Delete one to add another.</Notice>
        ) : (
          <section className={ui.card}>
            <WebhookForm />
          </section>
        )}
        <section aria-labelledby="endpoints-heading">
          <h2 id="endpoints-heading">Endpoints</h2>
          {endpoints.length === 0 ? <p>There are no endpoints yet.</p> : <EndpointTable endpoints={endpoints} />}
        </section>
      </div>
    </>
  );
}
