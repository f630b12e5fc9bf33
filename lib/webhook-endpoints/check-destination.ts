import { AppError } from "@/lib/errors";
import { resolveDestination, validateWebhookUrl, type DestinationPolicy, type WebhookResolver } from "@/lib/webhooks/destination";

/**
 * A URL a provider typed, checked before it is stored: its shape (400 VALIDATION_FAILED with the
 * rule's sentence) and then every address its host resolves to now (422 WEBHOOK_URL_NOT_PUBLIC). A
 * name that does not resolve is refused the same way: nothing shows it would be public. The attempt
 * checks again (DNS can change), so this is the early, readable refusal, not the protection itself.
 * Returns the URL as typed (what the provider recognises in the list).
 */
export async function checkWebhookDestination(
  raw: string,
  options: { policy: DestinationPolicy; resolver?: WebhookResolver },
): Promise<string> {
  const check = validateWebhookUrl(raw, options.policy);
  if (!check.ok) {
    throw new AppError("VALIDATION_FAILED", check.message, { errors: [{ path: "url", message: check.message }] });
  }
  const destination = await resolveDestination(check.url, { ...options.policy, resolver: options.resolver });
  if (!destination.ok) {
    const detail =
      destination.error === "DNS"
        ? "The webhook URL's host name does not resolve; use a public host name that does."
        : "The webhook URL's host resolves to a private or local network address; webhooks go only to public addresses.";
    throw new AppError("WEBHOOK_URL_NOT_PUBLIC", detail, { errors: [{ path: "url", message: detail }] });
  }
  return raw;
}
