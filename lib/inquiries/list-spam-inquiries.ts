import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providers } from "@/db/schema";
import { REVIEW_SPAM_GRACE_HOURS } from "@/lib/reviews/review-rules";

export interface SpamInquiry {
  id: string;
  providerName: string;
  providerSlug: string;
  senderName: string;
  senderEmail: string;
  senderIp: string | null;
  message: string;
  markedAt: Date | null;
  /**
   * Marked spam more than REVIEW_SPAM_GRACE_HOURS after delivery: too late to stop the review
   * invitation (extensions §4), so the admin sees it here.
   */
  markedLate: boolean;
}

/** Inquiries marked spam, across providers, newest first, with their senders: where an admin sees abuse. */
export async function listSpamInquiries(db: Db, params: { page: number; limit: number }): Promise<{ data: SpamInquiry[]; hasNext: boolean }> {
  const rows = await db
    .select({
      id: inquiries.id,
      providerName: providers.name,
      providerSlug: providers.slug,
      senderName: inquiries.senderName,
      senderEmail: inquiries.senderEmail,
      senderIp: inquiries.senderIp,
      message: inquiries.message,
      markedAt: inquiries.statusChangedAt,
      markedLate: sql<boolean>`coalesce(${inquiries.statusChangedAt} > ${inquiries.deliveredAt} + make_interval(hours => ${REVIEW_SPAM_GRACE_HOURS}::int), false)`,
    })
    .from(inquiries)
    .innerJoin(providers, eq(providers.id, inquiries.providerId))
    .where(eq(inquiries.status, "SPAM"))
    // NULLS LAST as inquiries_spam_idx is ordered, so a page is read in index order.
    .orderBy(sql`${inquiries.statusChangedAt} desc nulls last`, desc(inquiries.id))
    .limit(params.limit + 1)
    .offset((params.page - 1) * params.limit);
  return { data: rows.slice(0, params.limit), hasNext: rows.length > params.limit };
}
