import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inquiries, type Inquiry } from "@/db/schema";
import { reviews } from "@/db/schema-reviews";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { invitationsOf } from "./inquiry-invitations";
import { writeInquiryUpdated } from "./inquiry-webhook-event";
import { writeDeliveredInquiry } from "./lock-delivered-inquiry";
import type { InquiryView } from "./schemas";
import { serializeInquiry } from "./serialize";

/**
 * The provider's "We worked together" (extensions §4), OWNER and ADMIN only: sets engagedAt, which
 * brings the sender's review invitation forward (never cancels it) and labels their review "confirmed
 * by both" — a review already written is upgraded now. A second mark answers the same body and
 * changes nothing. 409 INQUIRY_NOT_ELIGIBLE for a SPAM inquiry; another provider's, an undelivered one
 * or an unknown id is 404. Audited `inquiry.engagement_marked`.
 */
export async function markEngagement(
  db: Db,
  params: { providerId: string; inquiryId: string; caller: Caller; now?: Date },
): Promise<InquiryView> {
  return writeDeliveredInquiry(db, params, async (tx, row, now) => {
    if (row.inquiry.status === "SPAM") {
      throw new AppError("INQUIRY_NOT_ELIGIBLE", "An inquiry marked as spam cannot be marked as an engagement.");
    }
    let inquiry: Inquiry = row.inquiry;
    if (!inquiry.engagedAt) {
      const [updated] = await tx
        .update(inquiries)
        .set({ engagedAt: now, engagedByMemberId: params.caller.memberId ?? null })
        .where(eq(inquiries.id, inquiry.id))
        .returning();
      inquiry = updated!;
      await tx
        .update(reviews)
        .set({ verification: "CONFIRMED_BY_BOTH", updatedAt: now })
        .where(and(eq(reviews.inquiryId, inquiry.id), eq(reviews.verification, "STATED_BY_CLIENT")));
      await recordAuditEvent(tx, {
        actor: params.caller.actor,
        providerId: params.providerId,
        action: "inquiry.engagement_marked",
        targetType: "inquiry",
        targetId: inquiry.id,
      });
      await writeInquiryUpdated(tx, { inquiry, previousStatus: inquiry.status, now });
    }
    const invitations = await invitationsOf(tx, [inquiry.id]);
    return serializeInquiry(inquiry, row.slug, invitations.get(inquiry.id) ?? null, now);
  });
}
