import type { Db } from "@/db/client";
import type { ApprovalStatus } from "@/db/enums";
import { writeWebhookMessage } from "@/lib/webhooks/write-webhook-message";
import { isListed } from "./public-visibility";

/**
 * The listing's webhook events (extensions §8), written in the transaction that makes the change.
 * `listing.published` / `listing.unpublished` follow the one listing rule (isListed: approved AND
 * published), so an event goes out exactly when what the public sees flips, whoever flips it: the
 * team's toggle (PROVIDER), the freshness clock (STALE), an admin's suspension (SUSPENDED).
 */

export type UnpublishReason = "PROVIDER" | "STALE" | "SUSPENDED";

interface ListingState {
  approvalStatus: ApprovalStatus;
  publicProfile: boolean;
}

export async function writeListingVisibilityEvent(
  tx: Db,
  params: {
    providerId: string;
    slug: string;
    before: ListingState;
    after: ListingState & { publishedAt: Date | null };
    reason: UnpublishReason;
    now?: Date;
  },
): Promise<void> {
  const was = isListed(params.before);
  const is = isListed(params.after);
  if (was === is) return;
  await writeWebhookMessage(tx, {
    providerId: params.providerId,
    now: params.now,
    event: is
      ? { type: "listing.published", data: { listing: { slug: params.slug, publishedAt: params.after.publishedAt?.toISOString() ?? null } } }
      : { type: "listing.unpublished", data: { listing: { slug: params.slug, reason: params.reason } } },
  });
}

/** `listing.updated`: a save, a confirmation, or an approved name or slug change; the fields it touched. */
export async function writeListingUpdatedEvent(
  tx: Db,
  params: { providerId: string; slug: string; changedFields: readonly string[]; now?: Date },
): Promise<void> {
  await writeWebhookMessage(tx, {
    providerId: params.providerId,
    now: params.now,
    event: { type: "listing.updated", data: { listing: { slug: params.slug, changedFields: [...params.changedFields] } } },
  });
}
