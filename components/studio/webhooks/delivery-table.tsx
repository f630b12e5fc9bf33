import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import type { WebhookDeliveryView } from "@/lib/webhook-endpoints/schemas";
import { DELIVERY_STATUS, deliveryHref } from "./webhook-labels";

/** One page of an endpoint's deliveries, newest first; each links to its attempts. */
export function DeliveryTable({ endpointId, deliveries }: { endpointId: string; deliveries: WebhookDeliveryView[] }) {
  return (
    <div className="table-scroll" role="region" aria-labelledby="deliveries-caption" tabIndex={0}>
      <table className="cards-on-phone">
        <caption id="deliveries-caption">Deliveries of the last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Created</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last response</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.messageId}>
              <th scope="row">
                <Link href={deliveryHref(endpointId, d.messageId)}>
                  <code>{d.eventType}</code>
                </Link>
              </th>
              <td data-label="Created">{formatDateTime(d.createdAt)}</td>
              <td data-label="Status">
                <Badge tone={DELIVERY_STATUS[d.status].tone}>{DELIVERY_STATUS[d.status].label}</Badge>
                {d.nextAttemptAt ? <div>Next attempt {formatDateTime(d.nextAttemptAt)}</div> : null}
              </td>
              <td data-label="Attempts">{d.attemptCount}</td>
              <td data-label="Last response">{d.lastStatusCode ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
