import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { listInquiries } from "./list-inquiries";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);

async function providerWithSpam() {
  const db = getDb();
  const provider = await makeProvider(db);
  const lead = await makeInquiry(db, { providerId: provider.id, deliveredAt: hoursAgo(3), senderName: "Lead One" });
  const replied = await makeInquiry(db, { providerId: provider.id, deliveredAt: hoursAgo(2), status: "REPLIED", senderName: "Lead Two" });
  const spam = await makeInquiry(db, { providerId: provider.id, deliveredAt: hoursAgo(1), status: "SPAM", senderName: "Cheap Pills" });
  return { db, providerId: provider.id, lead, replied, spam };
}

describe("listInquiries", () => {
  it("leaves spam out of the studio's 'All' (exceptSpam), from the page and the total", async () => {
    const { db, providerId, lead, replied } = await providerWithSpam();
    const inbox = await listInquiries(db, { providerId, exceptSpam: true, page: 1, limit: 20 });
    expect(inbox.data.map((i) => i.id)).toEqual([replied.id, lead.id]);
    expect(inbox.total).toBe(2);
  });

  it("still lists spam under its own status, and in the API's unfiltered list, which is every delivered inquiry", async () => {
    const { db, providerId, spam } = await providerWithSpam();
    const spamTab = await listInquiries(db, { providerId, status: "SPAM", exceptSpam: true, page: 1, limit: 20 });
    expect(spamTab.data.map((i) => i.id)).toEqual([spam.id]);
    const api = await listInquiries(db, { providerId, page: 1, limit: 20 });
    expect(api.total).toBe(3);
    expect(api.data[0]!.id).toBe(spam.id);
  });
});
