import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reviewInvitations, type ReviewInvitationRow } from "@/db/schema-reviews";

/** The review invitation rows of some inquiries, by inquiry id (for the Inquiry object's reviewInvitation). */
export async function invitationsOf(db: Db, inquiryIds: string[]): Promise<Map<string, ReviewInvitationRow>> {
  if (inquiryIds.length === 0) return new Map();
  const rows = await db.select().from(reviewInvitations).where(inArray(reviewInvitations.inquiryId, inquiryIds));
  return new Map(rows.map((r) => [r.inquiryId, r]));
}
