import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, providers, type Inquiry } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { isUuid } from "@/lib/validation/primitives";

/**
 * One delivered inquiry of one provider, locked FOR UPDATE in the caller's transaction, with the
 * provider's slug; another provider's, an undelivered one or an unknown id is 404.
 */
export async function lockDeliveredInquiry(
  tx: Db,
  params: { providerId: string; inquiryId: string },
): Promise<{ inquiry: Inquiry; slug: string }> {
  const notFound = new AppError("NOT_FOUND", "No inquiry with this id.");
  if (!isUuid(params.inquiryId)) throw notFound;
  const [row] = await tx
    .select({ inquiry: inquiries, slug: providers.slug })
    .from(inquiries)
    .innerJoin(providers, eq(providers.id, inquiries.providerId))
    .where(and(eq(inquiries.id, params.inquiryId), eq(inquiries.providerId, params.providerId), isNotNull(inquiries.deliveredAt)))
    .for("update", { of: inquiries })
    .limit(1);
  if (!row) throw notFound;
  return row;
}

/**
 * A provider's write to one of its delivered inquiries (the engagement mark and its undo): the caller
 * must be allowed to write, and `body` runs in one transaction with the inquiry locked; `now` defaults
 * to the clock.
 */
export async function writeDeliveredInquiry<T>(
  db: Db,
  params: { providerId: string; inquiryId: string; caller: Caller; now?: Date },
  body: (tx: Db, row: { inquiry: Inquiry; slug: string }, now: Date) => Promise<T>,
): Promise<T> {
  assertCallerCanWrite(params.caller);
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => body(tx, await lockDeliveredInquiry(tx, params), now));
}
