import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, type Inquiry } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { invitationsOf } from "./inquiry-invitations";
import { writeInquiryUpdated } from "./inquiry-webhook-event";
import { writeDeliveredInquiry } from "./lock-delivered-inquiry";
import type { InquiryView } from "./schemas";
import { serializeInquiry } from "./serialize";

/**
 * Undoes markEngagement (OWNER and ADMIN only) while the sender's review invitation has not been sent:
 * the invitation falls back to the check-in date. Once it was sent, 409 INVITATION_ALREADY_SENT (the
 * sender was told, and their review may say "confirmed by both"). Unmarking an unmarked inquiry
 * answers the same body. Another provider's, an undelivered one or an unknown id is 404. Audited
 * `inquiry.engagement_unmarked`.
 */
export async function unmarkEngagement(
  db: Db,
  params: { providerId: string; inquiryId: string; caller: Caller; now?: Date },
): Promise<InquiryView> {
  return writeDeliveredInquiry(db, params, async (tx, row, now) => {
    // Read under the inquiry's lock: the invitation sweep locks the inquiries it decides, so an
    // invitation being sent right now is seen here once it is committed.
    const invitation = (await invitationsOf(tx, [row.inquiry.id])).get(row.inquiry.id) ?? null;
    if (invitation?.sentAt) {
      throw new AppError("INVITATION_ALREADY_SENT", "The review invitation was already sent; the mark stays.");
    }
    let inquiry: Inquiry = row.inquiry;
    if (inquiry.engagedAt) {
      const [updated] = await tx
        .update(inquiries)
        .set({ engagedAt: null, engagedByMemberId: null })
        .where(eq(inquiries.id, inquiry.id))
        .returning();
      inquiry = updated!;
      await recordAuditEvent(tx, {
        actor: params.caller.actor,
        providerId: params.providerId,
        action: "inquiry.engagement_unmarked",
        targetType: "inquiry",
        targetId: inquiry.id,
      });
      await writeInquiryUpdated(tx, { inquiry, previousStatus: inquiry.status, now });
    }
    return serializeInquiry(inquiry, row.slug, invitation, now);
  });
}
