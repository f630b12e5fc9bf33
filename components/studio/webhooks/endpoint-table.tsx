import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import type { WebhookEndpointView } from "@/lib/webhook-endpoints/schemas";
import { endpointHref, endpointStatus } from "./webhook-labels";
import styles from "./webhooks.module.css";

/** The provider's endpoints with their status; each links to its page (deliveries, settings). */
export function EndpointTable({ endpoints }: { endpoints: WebhookEndpointView[] }) {
  return (
    <div className="table-scroll" role="region" aria-labelledby="endpoints-caption" tabIndex={0}>
      <table className="cards-on-phone">
        <caption id="endpoints-caption">Webhook endpoints</caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Events</th>
            <th scope="col">Status</th>
            <th scope="col">Last success</th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((endpoint) => {
            const status = endpointStatus(endpoint);
            return (
              <tr key={endpoint.id}>
                <th scope="row">
                  <Link href={endpointHref(endpoint.id)} className={styles.url}>
                    {endpoint.url}
                  </Link>
                  {endpoint.description ? <div>{endpoint.description}</div> : null}
                </th>
                <td data-label="Events">{endpoint.eventTypes.join(", ")}</td>
                <td data-label="Status">
                  <Badge tone={status.tone}>{status.label}</Badge>
                </td>
                <td data-label="Last success">{endpoint.lastSuccessAt ? formatDateTime(endpoint.lastSuccessAt) : "Never"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
