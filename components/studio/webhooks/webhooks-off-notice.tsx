import { Notice } from "@/components/ui/notice";

/** What the studio says when the server has no WEBHOOK_ENCRYPTION_KEY: the routes answer 503 alike. */
export function WebhooksOffNotice() {
  return (
    <Notice tone="error">
      Webhooks are not available on this server: it has no key to keep signing secrets (WEBHOOK_ENCRYPTION_KEY). Ask the
      registry&apos;s operator to set it.
    </Notice>
  );
}
