/**
 * Standard Webhooks 1.0 signatures (symmetric, `v1`), so receivers verify us with the specification's
 * reference libraries instead of code of their own.
 *
 * A secret is `whsec_` + base64 of 32 random bytes (the specification asks for 24 to 64). The signed
 * content is `{webhook-id}.{webhook-timestamp}.{body}` over the exact bytes sent; the signature is
 * HMAC-SHA256 under the decoded secret, written `v1,<base64>`. During a secret rotation every message
 * carries one signature per live secret, space-separated, current first, so a receiver holding either
 * secret accepts it while it switches over (the specification's zero-downtime rotation).
 *
 * The webhook id and timestamp must not contain `.` (it would let one signed content pass for
 * another), so the id is checked and the timestamp is written as whole seconds.
 */
import { createHmac, randomBytes } from "node:crypto";

export const WEBHOOK_SECRET_PREFIX = "whsec_";
export const WEBHOOK_SECRET_BYTES = 32;
export const WEBHOOK_USER_AGENT = "ProviderRegistry-Webhooks/1";

/** A new endpoint secret, shown to the provider once (on creation or rotation) and stored sealed. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString("base64");
}

export interface SignWebhookParams {
  /** The current secret first, then a previous one still inside its rotation overlap. */
  secrets: readonly string[];
  /** `webhook-id`: the message id, identical across retries and replays. */
  msgId: string;
  /** The time of this attempt (`webhook-timestamp`), new at every retry and replay. */
  timestamp: Date;
  /** The body exactly as it goes on the wire. */
  body: string | Uint8Array;
}

/** The `webhook-signature` header value: `v1,<sig>` per secret, space-separated, in the order given. */
export function signWebhook({ secrets, msgId, timestamp, body }: SignWebhookParams): string {
  if (secrets.length === 0) throw new Error("signWebhook needs at least one secret");
  const content = signedContent(msgId, timestamp, body);
  return secrets.map((secret) => `v1,${createHmac("sha256", secretKey(secret)).update(content).digest("base64")}`).join(" ");
}

export type WebhookRequestHeaders = Record<
  "webhook-id" | "webhook-timestamp" | "webhook-signature" | "content-type" | "user-agent",
  string
>;

/** Every header a delivery attempt sends besides the transport's own (Host, Content-Length). */
export function webhookRequestHeaders(params: SignWebhookParams): WebhookRequestHeaders {
  return {
    "webhook-id": params.msgId,
    "webhook-timestamp": String(timestampSeconds(params.timestamp)),
    "webhook-signature": signWebhook(params),
    "content-type": "application/json",
    "user-agent": WEBHOOK_USER_AGENT,
  };
}

function signedContent(msgId: string, timestamp: Date, body: string | Uint8Array): Buffer {
  if (!/^[A-Za-z0-9_-]{1,255}$/.test(msgId)) {
    throw new Error("A webhook id is 1-255 letters, digits, '_' or '-' (a '.' would make signed contents ambiguous)");
  }
  const prefix = Buffer.from(`${msgId}.${timestampSeconds(timestamp)}.`, "utf8");
  return Buffer.concat([prefix, typeof body === "string" ? Buffer.from(body, "utf8") : body]);
}

function timestampSeconds(timestamp: Date): number {
  const ms = timestamp.getTime();
  if (!Number.isFinite(ms)) throw new Error("The webhook timestamp is not a valid date");
  return Math.floor(ms / 1000);
}

/** The HMAC key a `whsec_` secret stands for; a malformed secret throws without echoing it. */
function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : "";
  const key = Buffer.from(encoded, "base64");
  const canonical = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) && key.toString("base64").replace(/=+$/, "") === encoded.replace(/=+$/, "");
  if (!canonical || key.length < 24 || key.length > 64) {
    throw new Error("A webhook secret is 'whsec_' followed by base64 of 24 to 64 bytes");
  }
  return key;
}
