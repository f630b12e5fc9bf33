import type { INQUIRY_STATUSES, ReviewInvitationStatus, ReviewInvitationTrigger } from "@/db/enums";
import type { ReviewInvitationRow } from "@/db/schema-reviews";
import {
  REVIEW_CHECKIN_AFTER_DAYS,
  REVIEW_INVITE_AFTER_ENGAGED_DAYS,
  REVIEW_INVITE_MIN_AFTER_DELIVERY_DAYS,
  REVIEW_SPAM_GRACE_HOURS,
} from "./review-rules";

// When a delivered inquiry's review invitation goes out (extensions §4), read by the invitation sweep
// and by the Inquiry object's `reviewInvitation`, so the studio shows the date the sweep will use.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** What of an inquiry the schedule reads. */
export interface SchedulableInquiry {
  status: (typeof INQUIRY_STATUSES)[number];
  deliveredAt: Date | null;
  statusChangedAt: Date | null;
  engagedAt: Date | null;
  erasedAt?: Date | null;
}

/**
 * ENGAGED (the provider marked the engagement): max(engagedAt + 21 d, deliveredAt + 7 d);
 * otherwise the CHECKIN at deliveredAt + 45 d.
 */
export function invitationSchedule(inquiry: { deliveredAt: Date; engagedAt: Date | null }): {
  trigger: ReviewInvitationTrigger;
  sendAt: Date;
} {
  const delivered = inquiry.deliveredAt.getTime();
  if (inquiry.engagedAt) {
    const sendAt = Math.max(
      inquiry.engagedAt.getTime() + REVIEW_INVITE_AFTER_ENGAGED_DAYS * DAY_MS,
      delivered + REVIEW_INVITE_MIN_AFTER_DELIVERY_DAYS * DAY_MS,
    );
    return { trigger: "ENGAGED", sendAt: new Date(sendAt) };
  }
  return { trigger: "CHECKIN", sendAt: new Date(delivered + REVIEW_CHECKIN_AFTER_DAYS * DAY_MS) };
}

/**
 * Marked SPAM within REVIEW_SPAM_GRACE_HOURS of delivery (72 h included): never invited. A later
 * SPAM mark does not cancel the invitation (the sender may have been hired, then fallen out).
 */
export function isSpamWithinGrace(inquiry: SchedulableInquiry): boolean {
  if (inquiry.status !== "SPAM" || !inquiry.deliveredAt) return false;
  const markedAt = (inquiry.statusChangedAt ?? inquiry.deliveredAt).getTime();
  return markedAt - inquiry.deliveredAt.getTime() <= REVIEW_SPAM_GRACE_HOURS * HOUR_MS;
}

/**
 * The Inquiry object's `reviewInvitation`: before the sweep decided, SCHEDULED with the date it will
 * use (NOT_ELIGIBLE already when marked spam in the grace period or erased); after, what became of it.
 * `sendAt` is when it was or will be sent; null when it is not sent.
 */
export function reviewInvitationState(
  inquiry: SchedulableInquiry,
  invitation: Pick<ReviewInvitationRow, "sendAt" | "sentAt" | "usedAt" | "declinedAt" | "expiresAt" | "skippedReason"> | null,
  now: Date,
): { status: ReviewInvitationStatus; sendAt: string | null } {
  if (invitation) {
    if (invitation.skippedReason || !invitation.sentAt) return { status: "NOT_ELIGIBLE", sendAt: null };
    const sendAt = invitation.sentAt.toISOString();
    if (invitation.usedAt) return { status: "REVIEWED", sendAt };
    if (invitation.declinedAt) return { status: "DECLINED", sendAt };
    if (invitation.expiresAt && invitation.expiresAt.getTime() <= now.getTime()) return { status: "EXPIRED", sendAt };
    return { status: "SENT", sendAt };
  }
  if (!inquiry.deliveredAt || inquiry.erasedAt || isSpamWithinGrace(inquiry)) return { status: "NOT_ELIGIBLE", sendAt: null };
  return { status: "SCHEDULED", sendAt: invitationSchedule({ deliveredAt: inquiry.deliveredAt, engagedAt: inquiry.engagedAt }).sendAt.toISOString() };
}
