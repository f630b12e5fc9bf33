import type { Db } from "@/db/client";
import { listManagerEmails } from "@/lib/provider-core/list-manager-emails";

/** Who is emailed about a provider's inquiries (the notification on delivery, the 24-hour reminder). */
export async function listInquiryRecipients(db: Db, params: { providerId: string }): Promise<string[]> {
  return (await listManagerEmails(db, { providerIds: [params.providerId] })).get(params.providerId) ?? [];
}
