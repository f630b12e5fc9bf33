import type { Db } from "@/db/client";
import { listFreshnessRecipients } from "@/lib/freshness/list-freshness-recipients";

/**
 * Who hears of a provider's reports (the digest, the confirm request): the same people as the
 * freshness emails, its active, accepted OWNERs and ADMINs, who may answer a report or confirm.
 */
export async function listReportRecipients(db: Db, params: { providerId: string }): Promise<string[]> {
  const byProvider = await listFreshnessRecipients(db, { providerIds: [params.providerId] });
  return byProvider.get(params.providerId) ?? [];
}
