import type { DeliveredInquiryStatus } from "@/db/enums";
import type { Inquiry } from "@/db/schema";
import type { ReviewInvitationRow } from "@/db/schema-reviews";
import { reviewInvitationState } from "@/lib/reviews/invitation-schedule";
import type { InquiryView } from "./schemas";

/**
 * The API's Inquiry object (extensions §3, §4). Only delivered inquiries are ever serialised. Its
 * reviewInvitation reads the invitation row when the sweep has decided, else the schedule as of `now`.
 */
export function serializeInquiry(
  row: Inquiry,
  providerSlug: string,
  invitation: ReviewInvitationRow | null = null,
  now: Date = new Date(),
): InquiryView {
  return {
    id: row.id,
    providerSlug,
    name: row.senderName,
    email: row.senderEmail,
    company: row.senderCompany,
    budget: row.budget,
    timeline: row.timeline,
    message: row.message,
    status: row.status as DeliveredInquiryStatus,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: (row.deliveredAt ?? row.createdAt).toISOString(),
    firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
    engagedAt: row.engagedAt?.toISOString() ?? null,
    reviewInvitation: reviewInvitationState(row, invitation, now),
    erasedAt: row.erasedAt?.toISOString() ?? null,
  };
}
