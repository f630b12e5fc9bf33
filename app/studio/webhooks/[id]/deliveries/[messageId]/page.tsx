import Link from "next/link";
import { notFound } from "next/navigation";
import { ReplayButton } from "@/components/studio/webhooks/replay-button";
import { DELIVERY_STATUS, deliveryHref, endpointHref } from "@/components/studio/webhooks/webhook-labels";
import { WebhooksOffNotice } from "@/components/studio/webhooks/webhooks-off-notice";
import styles from "@/components/studio/webhooks/webhooks.module.css";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { requireStudioPage } from "@/lib/members/studio-context";
import { getWebhookDelivery } from "@/lib/webhook-endpoints/get-webhook-delivery";
import { getWebhookEndpoint } from "@/lib/webhook-endpoints/get-webhook-endpoint";
import { webhookConfig } from "@/lib/webhooks/webhook-config";

export const metadata = { title: "Webhook delivery" };

type Props = { params: Promise<{ id: string; messageId: string }> };

export default async function StudioWebhookDeliveryPage({ params }: Props) {
  const { id, messageId } = await params;
  const studio = await requireStudioPage(deliveryHref(id, messageId));
  if (!webhookConfig(env())) return <WebhooksOffNotice />;
  const db = await databaseReady();
  const ids = { providerId: studio.provider.id, endpointId: id };
  let endpoint, delivery;
  try {
    endpoint = await getWebhookEndpoint(db, ids);
    delivery = await getWebhookDelivery(db, { ...ids, messageId });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  const status = DELIVERY_STATUS[delivery.status];

  return (
    <>
      <p>
        <Link href={endpointHref(id)}>← Back to the endpoint</Link>
      </p>
      <PageHeader title={`Delivery of ${delivery.eventType}`} description={<code className={styles.url}>{delivery.messageId}</code>} />
      <div className={ui.stack}>
        <p>
          <Badge tone={status.tone}>{status.label}</Badge> Created {formatDateTime(delivery.createdAt)}
          {delivery.nextAttemptAt ? `; next attempt ${formatDateTime(delivery.nextAttemptAt)}` : ""}.
        </p>
        {studio.canWrite && !studio.suspended ? <ReplayButton endpointId={id} messageId={delivery.messageId} disabled={!endpoint.enabled} /> : null}
        <section aria-labelledby="attempts-heading">
          <h2 id="attempts-heading">Attempts</h2>
          {delivery.attempts.length === 0 ? (
            <p>No attempt yet.</p>
          ) : (
            <ol className={ui.stack}>
              {delivery.attempts.map((a) => (
                <li key={a.at}>
                  <p style={{ margin: 0 }}>
                    {formatDateTime(a.at)}: {a.statusCode !== null ? `HTTP ${a.statusCode}` : `no response (${a.error ?? "error"})`}, {a.durationMs} ms
                  </p>
                  {a.responseExcerpt ? (
                    <pre className={styles.payload} tabIndex={0} aria-label="Response excerpt">
                      {a.responseExcerpt}
                    </pre>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="payload-heading">
          <h2 id="payload-heading">Payload as sent</h2>
          <pre className={styles.payload} tabIndex={0} aria-label="Payload">
            {delivery.payload}
          </pre>
        </section>
      </div>
    </>
  );
}
