// The webhooks page of the API reference (/docs/api/webhooks): the event catalogue, the retry schedule
// and how to verify a message. Read from the same constants the dispatcher and the endpoints use, so
// the page cannot drift from what is sent.
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/db/enums";
import { MAX_ATTEMPTS, RETRY_AFTER_CAP_SECONDS, RETRY_DELAYS_SECONDS, RETRY_JITTER } from "@/lib/webhooks/retry-schedule";
import { WEBHOOK_USER_AGENT } from "@/lib/webhooks/signature";

export interface WebhookEventDoc {
  type: WebhookEventType;
  when: string;
  /** An example of the event's `data`, as sent. */
  data: Record<string, unknown>;
}

const ID = "0b6f3c1e-8a4d-4c8e-9a57-2f1d6e3b9c40";

/** Every event type, in the order of WEBHOOK_EVENT_TYPES. */
export const WEBHOOK_EVENT_DOCS: WebhookEventDoc[] = (
  [
    { type: "inquiry.created", when: "An inquiry is delivered to you (after the sender confirms it; unconfirmed inquiries are never sent).", data: { inquiry: { id: ID, status: "NEW", deliveredAt: "2026-01-31T09:15:00.000Z" } } },
    { type: "inquiry.updated", when: "An inquiry's status or engagement mark changes.", data: { inquiry: { id: ID, status: "REPLIED", previousStatus: "NEW", engagedAt: null } } },
    { type: "inquiry.erased", when: "The sender had their data erased: delete your copy.", data: { inquiry: { id: ID } } },
    { type: "listing.published", when: "Your listing becomes visible in the directory.", data: { listing: { slug: "northwind-studio", publishedAt: "2026-01-31T09:15:00.000Z" } } },
    { type: "listing.unpublished", when: "Your listing stops being visible: `reason` is PROVIDER, STALE or SUSPENDED.", data: { listing: { slug: "northwind-studio", reason: "PROVIDER" } } },
    { type: "listing.updated", when: "A listing save, a confirmation, or an approved name or slug change.", data: { listing: { slug: "northwind-studio", changedFields: ["headline", "city"] } } },
    { type: "review.published", when: "A review of you is published.", data: { review: { id: ID, overall: 5 } } },
    { type: "webhook.test", when: "The test button (or POST …/test): only to that endpoint; never subscribed to.", data: { webhookId: ID } },
  ] satisfies WebhookEventDoc[]
).sort((a, b) => WEBHOOK_EVENT_TYPES.indexOf(a.type) - WEBHOOK_EVENT_TYPES.indexOf(b.type));

/** The body of a message: the envelope every event shares. */
export function exampleEnvelope(event: WebhookEventDoc): string {
  return JSON.stringify({ type: event.type, timestamp: "2026-01-31T09:15:00.000Z", providerSlug: "northwind-studio", data: event.data }, null, 2);
}

function duration(seconds: number): string {
  if (seconds === 0) return "immediately";
  if (seconds < 60) return `${seconds} seconds`;
  if (seconds < 3600) return `${seconds / 60} minutes`;
  return `${seconds / 3600} hours`;
}

/** One row per attempt: when it is made, after the previous failure. */
export function retryRows(): { attempt: number; after: string }[] {
  return RETRY_DELAYS_SECONDS.map((s, i) => ({ attempt: i + 1, after: i === 0 ? "immediately" : `${duration(s)} after attempt ${i}` }));
}

export const DELIVERY_RULES: string[] = [
  `Every message is a POST with \`content-type: application/json\`, \`user-agent: ${WEBHOOK_USER_AGENT}\` and the Standard Webhooks headers \`webhook-id\`, \`webhook-timestamp\` (Unix seconds) and \`webhook-signature\`.`,
  "Answer 2xx within 15 seconds to acknowledge. Anything else (3xx included: redirects are never followed) is a failure, tried again on the schedule below.",
  `Up to ${MAX_ATTEMPTS} attempts; each delay is spread by ±${RETRY_JITTER * 100} %. 429, 502, 503 or 504 with \`Retry-After\` moves the next attempt to the later of the schedule and \`Retry-After\` (counted up to ${RETRY_AFTER_CAP_SECONDS / 3600} hours).`,
  "410 Gone disables the endpoint at once. No success for 5 days with at least one failed delivery disables it too; the team's owners and admins are emailed. Enable it again from the studio or with PATCH.",
  "Order is not guaranteed: a retry can arrive after a newer message. The same message can arrive more than once (retries, replays): deduplicate by `webhook-id`, and compare the envelope's `timestamp` to keep the newest state.",
  "Messages carry thin data (ids and what changed): fetch details with an API key.",
  "After a secret rotation, for the overlap you chose, `webhook-signature` holds two signatures (new and old, space-separated); a receiver holding either secret accepts the message.",
];

/** How a receiver verifies a message, with the reference library. */
export const VERIFY_EXAMPLE = `// npm install standardwebhooks
import { Webhook } from "standardwebhooks";

// The secret shown when the endpoint was created or its secret rotated ("whsec_…"), from where you keep secrets.
declare const WEBHOOK_SECRET: string;
const webhook = new Webhook(WEBHOOK_SECRET);

export async function POST(request: Request): Promise<Response> {
  // Verify the exact bytes received, before parsing them.
  const body = await request.text();
  let event: { type: string; timestamp: string; providerSlug: string; data: unknown };
  try {
    event = webhook.verify(body, {
      "webhook-id": request.headers.get("webhook-id") ?? "",
      "webhook-timestamp": request.headers.get("webhook-timestamp") ?? "",
      "webhook-signature": request.headers.get("webhook-signature") ?? "",
    }) as typeof event;
  } catch {
    return new Response("Invalid signature", { status: 400 });
  }
  // Deduplicate by webhook-id: the same message can arrive twice.
  if (await alreadyHandled(request.headers.get("webhook-id")!)) return new Response(null, { status: 204 });
  await handle(event);
  return new Response(null, { status: 204 });
}

declare function alreadyHandled(id: string): Promise<boolean>;
declare function handle(event: unknown): Promise<void>;
`;
