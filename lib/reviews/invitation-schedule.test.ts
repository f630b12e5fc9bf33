import { describe, expect, it } from "vitest";
import { reviewInvitationState } from "./invitation-schedule";

const DAY = 86_400_000;
const delivered = new Date("2026-03-01T12:00:00Z");
const inquiry = { status: "REPLIED" as const, deliveredAt: delivered, statusChangedAt: delivered, engagedAt: null, erasedAt: null };
const sentAt = new Date(delivered.getTime() + 45 * DAY);
const sent = { sendAt: sentAt, sentAt, usedAt: null, declinedAt: null, expiresAt: new Date(sentAt.getTime() + 90 * DAY), skippedReason: null };

describe("reviewInvitationState (the Inquiry object's reviewInvitation)", () => {
  it("reads what became of a sent invitation: SENT, REVIEWED, DECLINED, EXPIRED, with the date it went out", () => {
    const now = new Date(sentAt.getTime() + DAY);
    const out = sentAt.toISOString();
    expect(reviewInvitationState(inquiry, sent, now)).toEqual({ status: "SENT", sendAt: out });
    expect(reviewInvitationState(inquiry, { ...sent, usedAt: now }, now)).toEqual({ status: "REVIEWED", sendAt: out });
    expect(reviewInvitationState(inquiry, { ...sent, declinedAt: now }, now)).toEqual({ status: "DECLINED", sendAt: out });
    expect(reviewInvitationState(inquiry, sent, sent.expiresAt)).toEqual({ status: "EXPIRED", sendAt: out });
  });

  it("is NOT_ELIGIBLE for a skipped row, an erased inquiry and spam marked in the grace period; else SCHEDULED", () => {
    const now = new Date(delivered.getTime() + DAY);
    const skipped = { ...sent, sentAt: null, expiresAt: null, skippedReason: "OPTED_OUT" as const };
    expect(reviewInvitationState(inquiry, skipped, now)).toEqual({ status: "NOT_ELIGIBLE", sendAt: null });
    expect(reviewInvitationState({ ...inquiry, erasedAt: now }, null, now)).toEqual({ status: "NOT_ELIGIBLE", sendAt: null });
    expect(reviewInvitationState({ ...inquiry, status: "SPAM", statusChangedAt: new Date(delivered.getTime() + 72 * 3_600_000) }, null, now).status).toBe(
      "NOT_ELIGIBLE",
    );
    expect(reviewInvitationState(inquiry, null, now)).toEqual({ status: "SCHEDULED", sendAt: sentAt.toISOString() });
  });
});
