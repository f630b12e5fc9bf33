import type { Env } from "@/lib/config/env";
import type { DestinationPolicy } from "./destination";
import { openSecret, parseSecretBoxKey, sealSecret, type SecretBoxKey } from "./secret-box";

/**
 * What the environment says about webhooks, read in one place: the key that seals endpoint secrets
 * (null: webhooks are off, routes answer 503, nothing is dispatched), the destination policy and the
 * egress proxy. Both the endpoints API and the dispatcher read it, so they seal and open alike.
 */
export interface WebhookConfig {
  key: SecretBoxKey;
  policy: DestinationPolicy;
  proxyUrl: string | undefined;
}

const parsedKeys = new Map<string, SecretBoxKey>();

export function webhookConfig(env: Env): WebhookConfig | null {
  const encoded = env.WEBHOOK_ENCRYPTION_KEY;
  if (!encoded) return null;
  let key = parsedKeys.get(encoded);
  if (!key) {
    key = parseSecretBoxKey(encoded);
    parsedKeys.set(encoded, key);
  }
  return {
    key,
    // allowLoopback alone permits http: to loopback targets only (lib/webhooks/destination.ts).
    policy: { allowHttp: env.WEBHOOK_ALLOW_HTTP, allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK },
    proxyUrl: env.WEBHOOK_PROXY_URL,
  };
}

/** A sealed secret is bound to its endpoint: moved to another row, it fails to open. */
const sealContext = (endpointId: string) => `webhook_endpoints:${endpointId}`;

export function sealEndpointSecret(key: SecretBoxKey, endpointId: string, secret: string): string {
  return sealSecret(key, secret, sealContext(endpointId));
}

export function openEndpointSecret(key: SecretBoxKey, endpointId: string, sealed: string): string {
  return openSecret(key, sealed, sealContext(endpointId));
}
