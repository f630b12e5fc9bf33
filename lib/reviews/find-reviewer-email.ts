import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries } from "@/db/schema";
import { reviewEmailOptouts } from "@/db/schema-reviews";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { hashVerificationToken } from "@/lib/tokens/verification-token";

/** The opt-out table's key: SHA-256 (hex) of the address's mailbox key, never the address (as publishDueReviews reads it). */
export function reviewMailboxHash(address: string): string {
  return hashVerificationToken(mailboxKey(address));
}

/**
 * Where to write to a review's author: the address of the inquiry the review came from, or null when
 * the sender was erased (extensions §9) or asked for no more review emails.
 */
export async function findReviewerEmail(db: Db, params: { inquiryId: string }): Promise<string | null> {
  const [row] = await db
    .select({ email: inquiries.senderEmail, erasedAt: inquiries.erasedAt })
    .from(inquiries)
    .where(eq(inquiries.id, params.inquiryId))
    .limit(1);
  if (!row || row.erasedAt || !row.email) return null;
  const [optout] = await db
    .select({ hash: reviewEmailOptouts.mailboxHash })
    .from(reviewEmailOptouts)
    .where(eq(reviewEmailOptouts.mailboxHash, reviewMailboxHash(row.email)))
    .limit(1);
  return optout ? null : row.email;
}
