import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import { emailOutbox, inquiries, providerResponsiveness } from "@/db/schema";
import { makeMember, makeProvider } from "@/test/support/factories";
import { insertInquiryRow } from "./insert-inquiry-row";
import { refreshResponsiveness } from "./refresh-responsiveness";
import { sendInquiryReminders } from "./send-inquiry-reminders";
import { serializeResponsiveness } from "./serialize";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);

describe("sendInquiryReminders", () => {
  it("reminds each OWNER and ADMIN once about inquiries still new after 24 hours, and never again", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const owner = (await makeMember(db, { provider, role: "OWNER" })).user.email;
    const admin = (await makeMember(db, { provider, role: "ADMIN" })).user.email;
    const member = (await makeMember(db, { provider, role: "MEMBER" })).user.email;
    const old1 = await insertInquiryRow(db, { providerId: provider.id, deliveredAt: hoursAgo(30) });
    await insertInquiryRow(db, { providerId: provider.id, deliveredAt: hoursAgo(25) });
    const fresh = await insertInquiryRow(db, { providerId: provider.id, deliveredAt: hoursAgo(2) });
    await insertInquiryRow(db, { providerId: provider.id, deliveredAt: hoursAgo(40), status: "REPLIED", firstResponseAt: hoursAgo(39) });

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

describe("refreshResponsiveness", () => {
  it("is null under 5 delivered inquiries, then the median hours (waiting ones count so far) and the answered share", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const deliver = (deliveredHoursAgo: number, answeredAfterHours: number | null) =>
      insertInquiryRow(db, {
        providerId: provider.id,
        deliveredAt: hoursAgo(deliveredHoursAgo),
        status: answeredAfterHours === null ? "NEW" : "REPLIED",
        firstResponseAt: answeredAfterHours === null ? null : hoursAgo(deliveredHoursAgo - answeredAfterHours),
      });
    const read = async () => {
      await refreshResponsiveness(db, { providerId: provider.id });
      const [row] = await db.select().from(providerResponsiveness).where(eq(providerResponsiveness.providerId, provider.id));
      return serializeResponsiveness(row);
    };
    for (const answered of [2, 4, 6, 8]) await deliver(100, answered);
    expect(await read()).toBeNull();
    const version = async () =>
      (await executeRows<{ version: string }>(db, sql`select version from provider_listing_state where id = 1`))[0]!.version;
    const unchanged = await version();
    await deliver(10, null);
    // Hours: 2, 4, 6, 8 and 10 (still waiting): median 6; 4 of 5 answered.
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
});
