// TEMPORARY stand-in until main's lib/reviews/review-conflicts.ts lands (same signature); the merge
// takes main's file. It knows current and former members and invitees only.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerMembers, users } from "@/db/schema";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";

export type ReviewConflict = "MEMBER" | "DOMAIN" | "RECENT_REVIEW";

export async function findReviewConflict(
  db: Db,
  params: { providerId: string; senderEmail: string; now: Date; excludeInquiryId?: string },
): Promise<ReviewConflict | null> {
  const rows = await db
    .select({ email: users.email })
    .from(providerMembers)
    .innerJoin(users, eq(users.id, providerMembers.userId))
    .where(eq(providerMembers.providerId, params.providerId));
  const key = mailboxKey(params.senderEmail);
  return rows.some((r) => mailboxKey(r.email) === key) ? "MEMBER" : null;
}
