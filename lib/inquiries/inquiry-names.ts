import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries } from "@/db/schema";
import { isUuid } from "@/lib/validation/primitives";

/** How the activity log names an inquiry: its sender and the start of the message, or that both were erased. */
export type InquiryName = { erased: false; sender: string; opening: string } | { erased: true };

/** As much of a message as the log could show, so a 5 000-character message is not read for a line. */
const OPENING_CHARS = 120;

/**
 * The names of one provider's inquiries that its activity log mentions, in one query. Read when the
 * log is shown, not copied into the audit metadata: a sender's erasure (extensions §9) blanks the
 * inquiry's name and message, and a copy in the log would outlive it. An id not found (another
 * provider's, or gone) is absent from the map, and the log falls back to the status change alone.
 */
export async function inquiryNames(db: Db, params: { providerId: string; inquiryIds: string[] }): Promise<Map<string, InquiryName>> {
  const names = new Map<string, InquiryName>();
  // An audit event's target id is text; only a uuid can name an inquiry.
  const ids = [...new Set(params.inquiryIds)].filter(isUuid);
  if (ids.length === 0) return names;
  const rows = await db
    .select({
      id: inquiries.id,
      sender: inquiries.senderName,
      opening: sql<string>`left(${inquiries.message}, ${OPENING_CHARS})`,
      erasedAt: inquiries.erasedAt,
    })
    .from(inquiries)
    .where(and(eq(inquiries.providerId, params.providerId), inArray(inquiries.id, ids)));
  for (const row of rows) {
    names.set(row.id, row.erasedAt ? { erased: true } : { erased: false, sender: row.sender, opening: row.opening });
  }
  return names;
}
