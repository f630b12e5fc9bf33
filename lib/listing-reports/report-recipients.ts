import type { Db } from "@/db/client";
import { listManagerEmails } from "@/lib/provider-core/list-manager-emails";

/**
 * Who hears of a provider's reports (the digest, the confirm request): its active, accepted OWNERs
 * and ADMINs, who may answer a report or confirm.
 */
export async function listReportRecipients(db: Db, params: { providerId: string }): Promise<string[]> {
  const byProvider = await listManagerEmails(db, { providerIds: [params.providerId] });
  return byProvider.get(params.providerId) ?? [];
}
