import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { DeliveredInquiryStatus } from "@/db/enums";
import { inquiries, providers } from "@/db/schema";
import { incrementInquiryStat } from "@/lib/analytics/increment-inquiry-stat";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { assertCallerCanWrite } from "@/lib/members/roles";
import { isUuid } from "@/lib/validation/primitives";
import { refreshResponsiveness } from "./refresh-responsiveness";
import { invitationsOf } from "./inquiry-invitations";
import { writeInquiryUpdated } from "./inquiry-webhook-event";
import type { InquiryView } from "./schemas";
import { serializeInquiry } from "./serialize";

/**
 * Moves a delivered inquiry to another status (OWNER and ADMIN only). The first move out of NEW sets
 * firstResponseAt for good (going back to NEW keeps it): it is what responsiveness measures, and any
 * move may change it (SPAM leaves the sample), so it is refreshed here. Going back to NEW restarts the
 * reminder's clock (statusChangedAt, remindedAt cleared): one reminder 24 hours later if still NEW.
 * Another provider's inquiry, an undelivered one and an unknown id are 404. Recorded in the audit trail.
 */
export async function changeInquiryStatus(
  db: Db,
  params: { providerId: string; inquiryId: string; status: DeliveredInquiryStatus; caller: Caller },
): Promise<InquiryView> {
  assertCallerCanWrite(params.caller);
  const notFound = new AppError("NOT_FOUND", "No inquiry with this id.");
  if (!isUuid(params.inquiryId)) throw notFound;
  return db.transaction(async (tx) => {
    const mine = and(
      eq(inquiries.id, params.inquiryId),
      eq(inquiries.providerId, params.providerId),
      isNotNull(inquiries.deliveredAt),
    );
    const [before] = await tx.select().from(inquiries).where(mine).for("update").limit(1);
    if (!before) throw notFound;
    if (before.status === params.status) {
      const [provider] = await tx.select({ slug: providers.slug }).from(providers).where(eq(providers.id, params.providerId));
      return serializeInquiry(before, provider?.slug ?? "", (await invitationsOf(tx, [before.id])).get(before.id) ?? null);
    }
    const responds = params.status !== "NEW" && before.firstResponseAt === null;
    const [after] = await tx
      .update(inquiries)
      .set({
        status: params.status,
        statusChangedAt: sql`now()`,
        ...(responds ? { firstResponseAt: sql`now()` } : {}),
        ...(params.status === "NEW" ? { remindedAt: null } : {}),
      })
      .where(eq(inquiries.id, before.id))
      .returning();
    await recordAuditEvent(tx, {
      actor: params.caller.actor,
      providerId: params.providerId,
      action: "inquiry.status_changed",
      targetType: "inquiry",
      targetId: before.id,
      metadata: { from: before.status, to: params.status },
    });
    await refreshResponsiveness(tx, { providerId: params.providerId });
    await writeInquiryUpdated(tx, { inquiry: after!, previousStatus: before.status });
    // "Answered" in the studio's funnel is the moment responsiveness measures: the first move out of NEW.
    if (responds) await incrementInquiryStat(tx, { providerId: params.providerId, stat: "inquiriesAnswered" });
    const [provider] = await tx.select({ slug: providers.slug }).from(providers).where(eq(providers.id, params.providerId));
    return serializeInquiry(after!, provider?.slug ?? "", (await invitationsOf(tx, [before.id])).get(before.id) ?? null);
  });
}
