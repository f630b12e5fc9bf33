import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providers } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/validation/primitives";
import { invitationsOf } from "./inquiry-invitations";
import type { InquiryView } from "./schemas";
import { serializeInquiry } from "./serialize";

/** One delivered inquiry of one provider; another provider's, an undelivered one or an unknown id is 404. */
export async function getInquiry(db: Db, params: { providerId: string; inquiryId: string }): Promise<InquiryView> {
  const notFound = new AppError("NOT_FOUND", "No inquiry with this id.");
  if (!isUuid(params.inquiryId)) throw notFound;
  const [row] = await db
    .select({ inquiry: inquiries, slug: providers.slug })
    .from(inquiries)
    .innerJoin(providers, eq(providers.id, inquiries.providerId))
    .where(
      and(eq(inquiries.id, params.inquiryId), eq(inquiries.providerId, params.providerId), isNotNull(inquiries.deliveredAt)),
    )
    .limit(1);
  if (!row) throw notFound;
  const invitations = await invitationsOf(db, [row.inquiry.id]);
  return serializeInquiry(row.inquiry, row.slug, invitations.get(row.inquiry.id) ?? null);
}
