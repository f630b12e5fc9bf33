import type { WebhookDeliveryStatus, WebhookEventType } from "@/db/enums";
import type { WebhookEndpointView } from "@/lib/webhook-endpoints/schemas";

export const WEBHOOKS_PAGE = "/studio/webhooks";

export const EVENT_LABELS: Record<WebhookEventType, string> = {
  "inquiry.created": "An inquiry arrives",
  "inquiry.updated": "An inquiry's status changes",
  "inquiry.erased": "A sender's data is erased",
  "listing.published": "The listing is published",
  "listing.unpublished": "The listing is unpublished",
  "listing.updated": "The listing changes",
  "review.published": "A review is published",
  "webhook.test": "Test event",
};

type Tone = "neutral" | "good" | "warn" | "bad";

/** What the endpoint's status badge says. */
export function endpointStatus(endpoint: Pick<WebhookEndpointView, "enabled" | "disabledReason">): { label: string; tone: Tone } {
  if (endpoint.enabled) return { label: "Enabled", tone: "good" };
  if (endpoint.disabledReason === "GONE") return { label: "Disabled: the receiver answered 410 Gone", tone: "bad" };
  if (endpoint.disabledReason === "FAILING") return { label: "Disabled: failing for 5 days", tone: "bad" };
  return { label: "Disabled", tone: "neutral" };
}

export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { label: string; tone: Tone }> = {
  PENDING: { label: "Pending", tone: "warn" },
  SUCCEEDED: { label: "Succeeded", tone: "good" },
  FAILED: { label: "Failed", tone: "bad" },
  CANCELLED: { label: "Cancelled", tone: "neutral" },
};

export const endpointHref = (id: string) => `${WEBHOOKS_PAGE}/${id}`;
export const deliveryHref = (id: string, messageId: string) => `${WEBHOOKS_PAGE}/${id}/deliveries/${messageId}`;
