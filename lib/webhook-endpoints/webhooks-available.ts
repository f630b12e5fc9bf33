import { AppError } from "@/lib/errors";
import type { Env } from "@/lib/config/env";
import { webhookConfig, type WebhookConfig } from "@/lib/webhooks/webhook-config";

export const WEBHOOKS_OFF_DETAIL =
  "Webhooks are not available: this server has no WEBHOOK_ENCRYPTION_KEY, so it cannot keep endpoint secrets. Ask the operator to set it.";

/**
 * The webhook configuration, or 503 SERVICE_UNAVAILABLE: without the key no secret can be sealed or
 * opened, so every webhook route and action refuses alike instead of half working (extensions §8).
 */
export function requireWebhookConfig(env: Env): WebhookConfig {
  const config = webhookConfig(env);
  if (!config) throw new AppError("SERVICE_UNAVAILABLE", WEBHOOKS_OFF_DETAIL);
  return config;
}
