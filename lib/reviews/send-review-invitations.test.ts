import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, inquiries, type Provider } from "@/db/schema";
import { reviewInvitations } from "@/db/schema-reviews";
import { extractLinks } from "@/lib/email/transports/mailbox";
import { makeInquiry, makeMember, makeProvider } from "@/test/support/factories";
import { raceTest } from "@/test/support/races";
import { makeReview } from "@/test/support/review-factories";
import { findInvitationByToken } from "./find-invitation-by-token";
import { INVITATION_QUESTION } from "./invitation-emails";
import { invitationSchedule, reviewInvitationState } from "./invitation-schedule";
import { optOutOfReviewEmails } from "./opt-out-of-review-emails";
import { sendReviewInvitations } from "./send-review-invitations";
import { sendReviewReminders } from "./send-review-reminders";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
let n = 0;
const sender = (tag = "s") => `${tag}-${Date.now()}-${++n}@example.com`;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

async function emailsTo(to: string) {
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.to, to));
}
async function invitationOf(inquiryId: string) {
  const [row] = await getDb().select().from(reviewInvitations).where(eq(reviewInvitations.inquiryId, inquiryId));
  return row ?? null;
}
const tokenOf = (text: string) => /reviews\/write\?token=([A-Za-z0-9_-]{43})/.exec(text)![1]!;

async function freshProvider(): Promise<Provider> {
  return makeProvider(getDb());
}

describe("invitationSchedule", () => {
  const delivered = new Date("2026-03-01T12:00:00Z");
  it("invites 21 days after the mark, never sooner than 7 days after delivery", () => {
    expect(invitationSchedule({ deliveredAt: delivered, engagedAt: at(delivered, 2 * DAY) })).toEqual({
      trigger: "ENGAGED",
      sendAt: at(delivered, 23 * DAY),
    });
    expect(invitationSchedule({ deliveredAt: delivered, engagedAt: at(delivered, -20 * DAY) })).toEqual({
      trigger: "ENGAGED",
      sendAt: at(delivered, 7 * DAY),
    });
  });
  it("checks in 45 days after delivery without the mark", () => {
    expect(invitationSchedule({ deliveredAt: delivered, engagedAt: null })).toEqual({ trigger: "CHECKIN", sendAt: at(delivered, 45 * DAY) });
  });
});

describe("sendReviewInvitations", () => {
  it("invites every eligible sender exactly once, with and without the mark, on the scheduled day (fake clock)", async () => {
    const db = getDb();
    const provider = await freshProvider();
    const t = new Date("2026-01-05T10:00:00Z");
    const engaged = await makeInquiry(db, { providerId: provider.id, senderEmail: sender("engaged"), deliveredAt: t, engagedAt: at(t, DAY) });
    const plain = await makeInquiry(db, { providerId: provider.id, senderEmail: sender("plain"), deliveredAt: t });
    // A later spam mark (after the grace period) does not cancel anything.
    const lateSpam = await makeInquiry(db, {
      providerId: provider.id,
      senderEmail: sender("late"),
      deliveredAt: t,
      status: "SPAM",
      statusChangedAt: at(t, 10 * DAY),
    });

    await sendReviewInvitations(db, { now: at(t, 22 * DAY - MINUTE) });
    expect(await invitationOf(engaged.id)).toBeNull();
    expect(reviewInvitationState(engaged, null, at(t, 22 * DAY - MINUTE))).toEqual({
      status: "SCHEDULED",
      sendAt: at(t, 22 * DAY).toISOString(),
    });

    await sendReviewInvitations(db, { now: at(t, 22 * DAY) });
    const first = await invitationOf(engaged.id);
    expect(first).toMatchObject({ trigger: "ENGAGED", sendAt: at(t, 22 * DAY), sentAt: at(t, 22 * DAY), expiresAt: at(t, 112 * DAY) });
    expect(await invitationOf(plain.id)).toBeNull();
    const [mail] = await emailsTo(engaged.senderEmail);
    expect(mail).toMatchObject({ kind: "REVIEW_INVITATION" });
    expect(mail!.text).toContain(INVITATION_QUESTION);
    expect(mail!.text).toContain(`  Provider: “${provider.name}”`);
    const token = tokenOf(mail!.text!);
    expect(extractLinks(mail!.text!).map((l) => l.replace(/^https?:\/\/[^/]+/, ""))).toEqual([
      `/reviews/write?token=${token}`,
      `/reviews/decline?token=${token}`,
      `/reviews/opt-out?token=${token}`,
    ]);
    expect((await findInvitationByToken(db, { token, now: at(t, 22 * DAY) })).inquiry.id).toBe(engaged.id);

    await sendReviewInvitations(db, { now: at(t, 45 * DAY - MINUTE) });
    expect(await invitationOf(plain.id)).toBeNull();
    await sendReviewInvitations(db, { now: at(t, 45 * DAY) });
    expect(await invitationOf(plain.id)).toMatchObject({ trigger: "CHECKIN", sentAt: at(t, 45 * DAY), skippedReason: null });
    expect(await invitationOf(lateSpam.id)).toMatchObject({ trigger: "CHECKIN", skippedReason: null });

    // Run again, and again later: nothing more.
    await sendReviewInvitations(db, { now: at(t, 45 * DAY) });
    await sendReviewInvitations(db, { now: at(t, 80 * DAY) });
    for (const inquiry of [engaged, plain, lateSpam]) {
      const mails = await emailsTo(inquiry.senderEmail);
      expect(mails.filter((m) => m.kind === "REVIEW_INVITATION")).toHaveLength(1);
    }
  });

  it("skips an inquiry marked SPAM within 72 hours of delivery (71 h 59 m) and still invites one marked at 72 h 1 m", async () => {
    const db = getDb();
    const provider = await freshProvider();
    const t = new Date("2026-02-01T08:00:00Z");
    const early = await makeInquiry(db, {
      providerId: provider.id,
      senderEmail: sender("early"),
      deliveredAt: t,
      status: "SPAM",
      statusChangedAt: at(t, 71 * HOUR + 59 * MINUTE),
    });
    const late = await makeInquiry(db, {
      providerId: provider.id,
      senderEmail: sender("late"),
      deliveredAt: t,
      status: "SPAM",
      statusChangedAt: at(t, 72 * HOUR + MINUTE),
    });
    expect(reviewInvitationState(early, null, at(t, 5 * DAY)).status).toBe("NOT_ELIGIBLE");
    expect(reviewInvitationState(late, null, at(t, 5 * DAY)).status).toBe("SCHEDULED");
    await sendReviewInvitations(db, { now: at(t, 45 * DAY) });
    expect(await invitationOf(early.id)).toMatchObject({ skippedReason: "SPAM", tokenHash: null, sentAt: null });
    expect(await emailsTo(early.senderEmail)).toEqual([]);
    expect(await invitationOf(late.id)).toMatchObject({ skippedReason: null });
    expect(await emailsTo(late.senderEmail)).toHaveLength(1);
  });

  it("skips a sender in conflict with the provider (a member's mailbox, +tag or not): a row, no email", async () => {
    const db = getDb();
    const provider = await freshProvider();
    const { user } = await makeMember(db, { provider, role: "MEMBER" });
    const [local, domain] = user.email.split("@");
    const t = new Date("2026-02-10T08:00:00Z");
    const inquiry = await makeInquiry(db, { providerId: provider.id, senderEmail: `${local}+hi@${domain}`, deliveredAt: t });
    await sendReviewInvitations(db, { now: at(t, 45 * DAY) });
    expect(await invitationOf(inquiry.id)).toMatchObject({ skippedReason: "CONFLICT", tokenHash: null });
    expect(await emailsTo(inquiry.senderEmail)).toEqual([]);
    expect(reviewInvitationState(inquiry, await invitationOf(inquiry.id), at(t, 46 * DAY))).toEqual({ status: "NOT_ELIGIBLE", sendAt: null });
  });

  it("skips a sender at the provider's website domain (CONFLICT) and one with a published review from the last 12 months (RECENT_REVIEW)", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { websiteUrl: "https://www.acme-studio.example.co.uk/" });
    const t = new Date("2026-02-12T08:00:00Z");
    const colleague = await makeInquiry(db, { providerId: provider.id, senderEmail: "bob@acme-studio.example.co.uk", deliveredAt: t });
    const review = await makeReview(db, { providerId: provider.id, senderEmail: sender("again"), publishedAt: at(t, 30 * DAY) });
    const [reviewed] = await db.select().from(inquiries).where(eq(inquiries.id, review.inquiryId));
    const repeat = await makeInquiry(db, { providerId: provider.id, senderEmail: reviewed!.senderEmail, deliveredAt: at(t, 60 * DAY) });
    await sendReviewInvitations(db, { now: at(t, 105 * DAY) });
    expect(await invitationOf(colleague.id)).toMatchObject({ skippedReason: "CONFLICT" });
    expect(await invitationOf(repeat.id)).toMatchObject({ skippedReason: "RECENT_REVIEW" });
    expect(await emailsTo(colleague.senderEmail)).toEqual([]);
    expect((await emailsTo(reviewed!.senderEmail)).filter((m) => m.kind === "REVIEW_INVITATION")).toEqual([]);
  });

  it("never invites an undelivered or erased inquiry", async () => {
    const db = getDb();
    const provider = await freshProvider();
    const waiting = await makeInquiry(db, { providerId: provider.id, status: "AWAITING_VERIFICATION" });
    const erased = await makeInquiry(db, { providerId: provider.id, deliveredAt: new Date("2025-01-01T00:00:00Z"), erasedAt: new Date() });
    await sendReviewInvitations(db, { now: new Date("2027-01-01T00:00:00Z") });
    expect(await invitationOf(waiting.id)).toBeNull();
    expect(await invitationOf(erased.id)).toBeNull();
  });

  it("sends one email per inquiry when two sweeps run at once", raceTest, async () => {
    const db = getDb();
    const provider = await freshProvider();
    const t = new Date("2026-03-01T08:00:00Z");
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        makeInquiry(db, { providerId: provider.id, senderEmail: sender("race"), deliveredAt: t, engagedAt: i % 2 ? at(t, DAY) : null }),
      ),
    );
    const now = at(t, 45 * DAY);
    await Promise.all([sendReviewInvitations(db, { now }), sendReviewInvitations(db, { now }), sendReviewInvitations(db, { now })]);
    const mails = await db.select().from(emailOutbox).where(inArray(emailOutbox.to, made.map((m) => m.senderEmail)));
    expect(mails.map((m) => m.to).sort()).toEqual(made.map((m) => m.senderEmail).sort());
  });
});

describe("sendReviewReminders", () => {
  it("reminds once, 10 days after the invitation, with a new link that replaces the first", async () => {
    const db = getDb();
    const provider = await freshProvider();
    const t = new Date("2026-04-01T08:00:00Z");
    const inquiry = await makeInquiry(db, { providerId: provider.id, senderEmail: sender("remind"), deliveredAt: t });
    const sentAt = at(t, 45 * DAY);
    await sendReviewInvitations(db, { now: sentAt });
    const firstToken = tokenOf((await emailsTo(inquiry.senderEmail))[0]!.text!);

    await sendReviewReminders(db, { now: at(sentAt, 10 * DAY - MINUTE) });
    expect(await emailsTo(inquiry.senderEmail)).toHaveLength(1);
    await sendReviewReminders(db, { now: at(sentAt, 10 * DAY) });
    await sendReviewReminders(db, { now: at(sentAt, 11 * DAY) });
    const mails = await emailsTo(inquiry.senderEmail);
    expect(mails.map((m) => m.kind)).toEqual(["REVIEW_INVITATION", "REVIEW_REMINDER"]);
    const reminderToken = tokenOf(mails[1]!.text!);
    expect(reminderToken).not.toBe(firstToken);
    await expect(findInvitationByToken(db, { token: firstToken, now: at(sentAt, 11 * DAY) })).rejects.toMatchObject({ code: "TOKEN_INVALID" });
    expect((await findInvitationByToken(db, { token: reminderToken, now: at(sentAt, 11 * DAY) })).inquiry.id).toBe(inquiry.id);
    expect(await invitationOf(inquiry.id)).toMatchObject({ remindedAt: at(sentAt, 10 * DAY) });
  });

  it("does not remind a used, declined or expired invitation", async () => {
    const db = getDb();
    const provider = await freshProvider();
    const t = new Date("2026-05-01T08:00:00Z");
    const sentAt = at(t, 45 * DAY);
    const inquiries = await Promise.all(
      ["used", "declined", "expired"].map((tag) => makeInquiry(db, { providerId: provider.id, senderEmail: sender(tag), deliveredAt: t })),
    );
    await sendReviewInvitations(db, { now: sentAt });
    const [used, declined, expired] = inquiries;
    await db.update(reviewInvitations).set({ usedAt: at(sentAt, DAY) }).where(eq(reviewInvitations.inquiryId, used!.id));
    await db.update(reviewInvitations).set({ declinedAt: at(sentAt, DAY), declineReason: "NOT_HIRED" }).where(eq(reviewInvitations.inquiryId, declined!.id));
    await db.update(reviewInvitations).set({ expiresAt: at(sentAt, 5 * DAY) }).where(eq(reviewInvitations.inquiryId, expired!.id));
    await sendReviewReminders(db, { now: at(sentAt, 12 * DAY) });
    for (const inquiry of inquiries) {
      expect((await emailsTo(inquiry.senderEmail)).map((m) => m.kind)).toEqual(["REVIEW_INVITATION"]);
    }
  });
});

describe("opting out", () => {
  it("stops every review email to the mailbox: the pending reminder, and invitations for other inquiries and providers", async () => {
    const db = getDb();
    const [a, b] = [await freshProvider(), await freshProvider()];
    const t = new Date("2026-06-01T08:00:00Z");
    const base = sender("optout");
    const [local, domain] = base.split("@");
    const first = await makeInquiry(db, { providerId: a.id, senderEmail: base, deliveredAt: t });
    const second = await makeInquiry(db, { providerId: a.id, senderEmail: `${local}+again@${domain}`, deliveredAt: at(t, 2 * DAY) });
    const third = await makeInquiry(db, { providerId: b.id, senderEmail: base.toUpperCase(), deliveredAt: at(t, 2 * DAY) });
    await sendReviewInvitations(db, { now: at(t, 45 * DAY) });
    const token = tokenOf((await emailsTo(base))[0]!.text!);
    expect(await optOutOfReviewEmails(db, { token, now: at(t, 46 * DAY) })).toEqual({ success: true });
    // Twice is the same.
    expect(await optOutOfReviewEmails(db, { token, now: at(t, 46 * DAY) })).toEqual({ success: true });

    await sendReviewInvitations(db, { now: at(t, 50 * DAY) });
    await sendReviewReminders(db, { now: at(t, 60 * DAY) });
    expect((await emailsTo(base)).map((m) => m.kind)).toEqual(["REVIEW_INVITATION"]);
    for (const other of [second, third]) {
      expect(await invitationOf(other.id)).toMatchObject({ skippedReason: "OPTED_OUT", tokenHash: null });
      expect(await emailsTo(other.senderEmail)).toEqual([]);
    }
    expect(await invitationOf(first.id)).toMatchObject({ remindedAt: at(t, 60 * DAY) });
  });
});
