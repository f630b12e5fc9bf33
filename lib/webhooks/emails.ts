// The webhook emails (extensions §8), under the rules of lib/email/layout.ts: our words first, the
// endpoint's URL (typed by the provider) only in a labelled block, one link of ours to the studio page.
import { message, PRODUCT, type EmailMessage, type TypedValues } from "@/lib/email/layout";
import type { WebhookDisabledReason } from "@/db/enums";

export interface WebhookEmailParams {
  /** The endpoint's URL, as the provider typed it. */
  url: string;
  /** `${APP_URL}/studio/webhooks`. */
  studioUrl: string;
}

const endpointBlock = (p: WebhookEmailParams): TypedValues => ({
  heading: "The webhook endpoint",
  lines: [{ label: "URL", typed: p.url }],
});

/** A delivery ran out of attempts (at most one such email per endpoint per 24 hours). */
export function webhookFailingEmail(p: WebhookEmailParams & { autoDisableDays: number }): EmailMessage {
  return message(
    `Webhook deliveries are failing on ${PRODUCT}`,
    [
      "Hello,",
      "One of your provider's webhook endpoints did not accept a message after every retry over about three days, so that message was given up.",
      `The studio's webhooks page lists each delivery with the status and response of every attempt; once the endpoint works again, you can replay the failed messages from there. If the endpoint accepts nothing for ${p.autoDisableDays} days, it is disabled.`,
      "We send this email at most once a day per endpoint.",
    ],
    { label: "Open the webhooks page", url: p.studioUrl },
    endpointBlock(p),
  );
}

/** The endpoint was disabled: it answered 410 Gone, or accepted nothing for days. */
export function webhookDisabledEmail(p: WebhookEmailParams & { reason: WebhookDisabledReason; autoDisableDays: number }): EmailMessage {
  return message(
    `A webhook endpoint was disabled on ${PRODUCT}`,
    [
      "Hello,",
      p.reason === "GONE"
        ? "One of your provider's webhook endpoints answered 410 Gone, which says it no longer exists, so we disabled it and cancelled the messages still waiting for it."
        : `One of your provider's webhook endpoints has accepted no message for ${p.autoDisableDays} days, so we disabled it and cancelled the messages still waiting for it.`,
      "No more messages are sent to it until someone re-enables it on the studio's webhooks page; re-enabling clears the failure state.",
    ],
    { label: "Open the webhooks page", url: p.studioUrl },
    endpointBlock(p),
  );
}
