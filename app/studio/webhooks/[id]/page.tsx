import Link from "next/link";
import { notFound } from "next/navigation";
import { DeliveryTable } from "@/components/studio/webhooks/delivery-table";
import { EndpointControls } from "@/components/studio/webhooks/endpoint-controls";
import { DELIVERY_STATUS, endpointHref, endpointStatus, WEBHOOKS_PAGE } from "@/components/studio/webhooks/webhook-labels";
import { WebhookForm } from "@/components/studio/webhooks/webhook-form";
import { WebhooksOffNotice } from "@/components/studio/webhooks/webhooks-off-notice";
import styles from "@/components/studio/webhooks/webhooks.module.css";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { WEBHOOK_DELIVERY_STATUSES } from "@/db/enums";
import { databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { requireStudioPage } from "@/lib/members/studio-context";
import { getWebhookEndpoint } from "@/lib/webhook-endpoints/get-webhook-endpoint";
import { listWebhookDeliveries } from "@/lib/webhook-endpoints/list-webhook-deliveries";
import { webhookDeliveriesQuerySchema } from "@/lib/webhook-endpoints/schemas";
import { webhookConfig } from "@/lib/webhooks/webhook-config";

export const metadata = { title: "Webhook endpoint" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function StudioWebhookPage({ params, searchParams }: Props) {
  const { id } = await params;
  const studio = await requireStudioPage(endpointHref(id));
  if (!webhookConfig(env())) return <WebhooksOffNotice />;
  const db = await databaseReady();
  const raw = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  // A bad filter or cursor in the address shows the newest deliveries rather than an error.
  const parsed = webhookDeliveriesQuerySchema.safeParse({ status: first(raw.status), cursor: first(raw.cursor) });
  const query = parsed.success ? parsed.data : { limit: 20 };
  let endpoint;
  try {
    endpoint = await getWebhookEndpoint(db, { providerId: studio.provider.id, endpointId: id });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  const page = await listWebhookDeliveries(db, { providerId: studio.provider.id, endpointId: id, ...query }).catch(() =>
    listWebhookDeliveries(db, { providerId: studio.provider.id, endpointId: id, limit: 20 }),
  );
  const status = endpointStatus(endpoint);
  const filterHref = (s?: string) => (s ? `${endpointHref(id)}?status=${s}` : endpointHref(id));
  const olderHref = page.nextCursor
    ? `${endpointHref(id)}?${new URLSearchParams({ ...(query.status ? { status: query.status } : {}), cursor: page.nextCursor })}`
    : null;

  return (
    <>
      <p>
        <Link href={WEBHOOKS_PAGE}>← All webhooks</Link>
      </p>
      <PageHeader title={endpoint.description ?? "Webhook endpoint"} description={<span className={styles.url}>{endpoint.url}</span>} />
      <div className={ui.stack}>
        <p>
          <Badge tone={status.tone}>{status.label}</Badge> Events: {endpoint.eventTypes.map((t) => <code key={t}>{t} </code>)}
          {endpoint.previousSecretExpiresAt ? ` The previous secret signs too until ${formatDateTime(endpoint.previousSecretExpiresAt)}.` : null}
        </p>
        {studio.canWrite && !studio.suspended ? <EndpointControls endpoint={endpoint} /> : <p className={ui.muted}>Your role can read this endpoint; owners and admins change it.</p>}
        <section aria-labelledby="deliveries-heading">
          <h2 id="deliveries-heading">Deliveries</h2>
          <nav aria-label="Filter deliveries by status">
            <ul className={styles.filters}>
              {[undefined, ...WEBHOOK_DELIVERY_STATUSES].map((s) => (
                <li key={s ?? "all"}>
                  <Link href={filterHref(s)} aria-current={query.status === s ? "page" : undefined}>
                    {s ? DELIVERY_STATUS[s].label : "All"}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {page.data.length === 0 ? <p>No deliveries{query.status ? " with this status" : ""} in the last 30 days.</p> : <DeliveryTable endpointId={id} deliveries={page.data} />}
          {olderHref ? <Link href={olderHref}>Older deliveries</Link> : null}
        </section>
        {studio.canWrite && !studio.suspended ? (
          <section className={ui.card}>
            <WebhookForm endpoint={endpoint} />
          </section>
        ) : null}
      </div>
    </>
  );
}
