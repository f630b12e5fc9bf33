import type { Db } from "@/db/client";
import type { Inquiry } from "@/db/schema";
import { writeWebhookMessage } from "@/lib/webhooks/write-webhook-message";

/**
 * `inquiry.updated` (extensions §8): a delivered inquiry's status or engagement mark changed. Written in
 * the transaction that changes it; thin data, the receiver fetches the rest with an API key.
 */
export async function writeInquiryUpdated(tx: Db, params: { inquiry: Inquiry; previousStatus: Inquiry["status"]; now?: Date }): Promise<void> {
  const { inquiry } = params;
  await writeWebhookMessage(tx, {
    providerId: inquiry.providerId,
    now: params.now,
    event: {
      type: "inquiry.updated",
      data: { inquiry: { id: inquiry.id, status: inquiry.status, previousStatus: params.previousStatus, engagedAt: inquiry.engagedAt?.toISOString() ?? null } },
    },
  });
}
