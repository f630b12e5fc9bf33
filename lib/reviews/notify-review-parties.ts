import type { Db } from "@/db/client";
import type { EmailKind } from "@/db/enums";
import type { EmailMessage } from "@/lib/email/layout";
import { enqueueEmails } from "@/lib/email/outbox";
import { listManagerEmails } from "@/lib/provider-core/list-manager-emails";
import { findReviewerEmail } from "./find-reviewer-email";

/**
 * Queues one email to the review's author (unless erased or opted out) and one to each of the
 * provider's OWNERs and ADMINs, in the caller's transaction: how a decision reaches "both sides".
 */
export async function notifyReviewParties(
  tx: Db,
  params: {
    kind: EmailKind;
    providerId: string;
    inquiryId: string;
    reviewer: EmailMessage;
    provider: EmailMessage;
  },
): Promise<number> {
  const reviewer = await findReviewerEmail(tx, { inquiryId: params.inquiryId });
  const managers = (await listManagerEmails(tx, { providerIds: [params.providerId] })).get(params.providerId) ?? [];
  return enqueueEmails(tx, [
    ...(reviewer ? [{ kind: params.kind, to: reviewer, message: params.reviewer }] : []),
    ...managers.map((to) => ({ kind: params.kind, to, message: params.provider })),
  ]);
}
