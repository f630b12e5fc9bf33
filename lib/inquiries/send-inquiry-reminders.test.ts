import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import { emailOutbox, inquiries, providerResponsiveness } from "@/db/schema";
import { CLI_CALLER } from "@/lib/auth/caller";
import { makeInquiry, makeMember, makeProvider, makeProviderWithOwner } from "@/test/support/factories";
import { changeInquiryStatus } from "./change-inquiry-status";
import { getResponsiveness } from "@/lib/provider-core/get-responsiveness";
import { refreshResponsiveness } from "./refresh-responsiveness";
import { sendInquiryReminders } from "./send-inquiry-reminders";
import { serializeResponsiveness } from "@/lib/provider-core/serialize-responsiveness";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);

describe("sendInquiryReminders", () => {
  it("reminds each OWNER and ADMIN once about inquiries still new after 24 hours, and never again", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const owner = (await makeMember(db, { provider, role: "OWNER" })).user.email;
    const admin = (await makeMember(db, { provider, role: "ADMIN" })).user.email;
    const member = (await makeMember(db, { provider, role: "MEMBER" })).user.email;
    const old1 = await makeInquiry(db, { providerId: provider.id, deliveredAt: hoursAgo(30) });
    await makeInquiry(db, { providerId: provider.id, deliveredAt: hoursAgo(25) });
    const fresh = await makeInquiry(db, { providerId: provider.id, deliveredAt: hoursAgo(2) });
    await makeInquiry(db, { providerId: provider.id, deliveredAt: hoursAgo(40), status: "REPLIED", firstResponseAt: hoursAgo(39) });

    await sendInquiryReminders(db);
    const reminders = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "INQUIRY_REMINDER"));
    const mine = reminders.filter((m) => [owner, admin, member].includes(m.to));
    expect(mine.map((m) => m.to).sort()).toEqual([admin, owner].sort());
    expect(mine[0]!.text).toContain("2 inquiries have waited more than 24 hours");
    const [row] = await db.select().from(inquiries).where(eq(inquiries.id, old1.id));
    expect(row!.remindedAt).toBeInstanceOf(Date);
    const [notYet] = await db.select().from(inquiries).where(eq(inquiries.id, fresh.id));
    expect(notYet!.remindedAt).toBeNull();

    await sendInquiryReminders(db);
    const again = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "INQUIRY_REMINDER"), eq(emailOutbox.to, owner)));
    expect(again).toHaveLength(1);
  });
});

describe("sendInquiryReminders after a move back to NEW", () => {
  it("restarts the 24-hour clock when an inquiry goes back to NEW: no reminder at once, one a day later", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    const inquiry = await makeInquiry(db, { providerId: provider.id, deliveredAt: hoursAgo(72) });
    const caller = CLI_CALLER;
    await changeInquiryStatus(db, { providerId: provider.id, inquiryId: inquiry.id, status: "REPLIED", caller });
    await changeInquiryStatus(db, { providerId: provider.id, inquiryId: inquiry.id, status: "NEW", caller });
    const remindersTo = async () =>
      (await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "INQUIRY_REMINDER"), eq(emailOutbox.to, owner.user.email)))).length;

    // Delivered three days ago, never reminded, NEW again just now: not due yet.
    await sendInquiryReminders(db);
    expect(await remindersTo()).toBe(0);

    // A day after it became NEW again it is due, once.
    await db.update(inquiries).set({ statusChangedAt: hoursAgo(25) }).where(eq(inquiries.id, inquiry.id));
    await sendInquiryReminders(db);
    await sendInquiryReminders(db);
    expect(await remindersTo()).toBe(1);

    // Answered and back to NEW once more: a new stretch as NEW, a new reminder a day later.
    await changeInquiryStatus(db, { providerId: provider.id, inquiryId: inquiry.id, status: "ARCHIVED", caller });
    await changeInquiryStatus(db, { providerId: provider.id, inquiryId: inquiry.id, status: "NEW", caller });
    await sendInquiryReminders(db);
    expect(await remindersTo()).toBe(1);
    await db.update(inquiries).set({ statusChangedAt: hoursAgo(25) }).where(eq(inquiries.id, inquiry.id));
    await sendInquiryReminders(db);
    expect(await remindersTo()).toBe(2);
  });
});

describe("refreshResponsiveness", () => {
  const setUp = async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const deliver = (deliveredHoursAgo: number, answeredAfterHours: number | null, status?: "ARCHIVED") =>
      makeInquiry(db, {
        providerId: provider.id,
        deliveredAt: hoursAgo(deliveredHoursAgo),
        status: status ?? (answeredAfterHours === null ? "NEW" : "REPLIED"),
        firstResponseAt: answeredAfterHours === null ? null : hoursAgo(deliveredHoursAgo - answeredAfterHours),
      });
    const read = async () => {
      await refreshResponsiveness(db, { providerId: provider.id });
      const [row] = await db.select().from(providerResponsiveness).where(eq(providerResponsiveness.providerId, provider.id));
      return serializeResponsiveness(row);
    };
    return { db, deliver, read };
  };

  it("is null under 5 inquiries, then the median hours to first response (a wait so far for one not answered) and the share answered", async () => {
    const { db, deliver, read } = await setUp();
    for (const answered of [2, 4, 6]) await deliver(100, answered);
    await deliver(100, 30, "ARCHIVED");
    expect(await read()).toBeNull();
    const version = async () =>
      (await executeRows<{ version: string }>(db, sql`select version from provider_listing_state where id = 1`))[0]!.version;
    const unchanged = await version();
    // Waiting 1 000 hours so far: not answered, and its time to a first response is at least that.
    await deliver(1000, null);
    // 2, 4, 6, 30 and 1 000+ hours: median 6; 4 of 5 answered.
    expect(await read()).toEqual({ medianHours: 6, respondedShare: 0.8, sample: 5 });
    // What the public sees changed: cached profiles must refresh. A refresh that changes nothing keeps the version.
    const changed = await version();
    expect(changed).not.toBe(unchanged);
    await read();
    expect(await version()).toBe(changed);
    // Older than 90 days leaves the window.
    await deliver(24 * 91, 1);
    expect((await read())?.sample).toBe(5);
  });

  it("refreshes the figures in the status change that answers an inquiry", async () => {
    const { db, deliver } = await setUp();
    const rows = [];
    for (const answered of [1, 2, 3, 4]) rows.push(await deliver(100, answered));
    rows.push(await deliver(100, null));
    const providerId = rows[0]!.providerId;
    await changeInquiryStatus(db, { providerId, inquiryId: rows[0]!.id, status: "ARCHIVED", caller: CLI_CALLER });
    // 1, 2, 3, 4 and one waiting 100 hours: median 3, 4 of 5 answered.
    expect(await getResponsiveness(db, { providerId })).toEqual({ medianHours: 3, respondedShare: 0.8, sample: 5 });
    await changeInquiryStatus(db, { providerId, inquiryId: rows[4]!.id, status: "REPLIED", caller: CLI_CALLER });
    // Answered now, after 100 hours: 1, 2, 3, 4, 100.
    expect(await getResponsiveness(db, { providerId })).toEqual({ medianHours: 3, respondedShare: 1, sample: 5 });
  });

  it("says a provider answered none rather than hiding it: share 0, the median the hours they have waited", async () => {
    const { deliver, read } = await setUp();
    for (let i = 0; i < 5; i++) await deliver(100 + i, null);
    expect(await read()).toEqual({ medianHours: 102, respondedShare: 0, sample: 5 });
  });
});
