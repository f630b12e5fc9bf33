import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { countInquiriesByProvider } from "./count-inquiries-by-provider";
import { listSpamInquiries } from "./list-spam-inquiries";

describe("the admin's view of inquiries", () => {
  it("counts delivered inquiries per provider, with new and spam, ignoring unconfirmed ones", async () => {
    const db = getDb();
    const [a, b, c] = await Promise.all([makeProvider(db), makeProvider(db), makeProvider(db)]);
    for (const status of ["NEW", "NEW", "SPAM", "REPLIED", "AWAITING_VERIFICATION"] as const) await makeInquiry(db, { providerId: a.id, status });
    await makeInquiry(db, { providerId: b.id, status: "ARCHIVED" });
    const counts = await countInquiriesByProvider(db, { providerIds: [a.id, b.id, c.id] });
    expect(counts.get(a.id)).toEqual({ delivered: 4, new: 2, spam: 1 });
    expect(counts.get(b.id)).toEqual({ delivered: 1, new: 0, spam: 0 });
    expect(counts.has(c.id)).toBe(false);
  });

  it("lists inquiries marked spam across providers, newest first, with their senders", async () => {
    const db = getDb();
    const [a, b] = await Promise.all([makeProvider(db, { name: "Spam Target A" }), makeProvider(db, { name: "Spam Target B" })]);
    const older = await makeInquiry(db, { providerId: a.id, status: "SPAM", senderEmail: "bot1@spam.example", statusChangedAt: new Date(Date.now() - 60_000) });
    const newer = await makeInquiry(db, { providerId: b.id, status: "SPAM", senderEmail: "bot2@spam.example", senderIp: "203.0.113.9", statusChangedAt: new Date() });
    await makeInquiry(db, { providerId: a.id, status: "NEW" });
    const { data } = await listSpamInquiries(db, { page: 1, limit: 100 });
    const mine = data.filter((i) => [older.id, newer.id].includes(i.id));
    expect(mine.map((i) => i.id)).toEqual([newer.id, older.id]);
    expect(mine[0]).toMatchObject({ providerName: "Spam Target B", senderEmail: "bot2@spam.example", senderIp: "203.0.113.9" });
  });

  it("says which spam marks came more than 72 hours after delivery (too late to cancel the review invitation)", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const delivered = new Date(Date.now() - 10 * 86_400_000);
    const hour = 3_600_000;
    const inTime = await makeInquiry(db, { providerId: provider.id, status: "SPAM", deliveredAt: delivered, statusChangedAt: new Date(delivered.getTime() + 72 * hour) });
    const late = await makeInquiry(db, { providerId: provider.id, status: "SPAM", deliveredAt: delivered, statusChangedAt: new Date(delivered.getTime() + 72 * hour + 60_000) });
    const { data } = await listSpamInquiries(db, { page: 1, limit: 100 });
    expect(data.find((i) => i.id === inTime.id)?.markedLate).toBe(false);
    expect(data.find((i) => i.id === late.id)?.markedLate).toBe(true);
  });
});
