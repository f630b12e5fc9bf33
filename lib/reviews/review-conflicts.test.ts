import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerMembers } from "@/db/schema";
import { makeMember, makeProvider, makeUser } from "@/test/support/factories";
import { makeReview } from "@/test/support/review-factories";
import { findReviewConflict } from "./review-conflicts";

const NOW = new Date("2026-12-01T10:00:00.000Z");
const DAY_MS = 86_400_000;

describe("findReviewConflict", () => {
  it("refuses a current member, a removed member and a pending invitee, whatever +tag or dots they write", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const current = await makeMember(db, { provider, user: await makeUser(db, { email: "cora.current@gmail.com" }) });
    const removed = await makeMember(db, { provider, user: await makeUser(db, { email: "rob@removed.test" }) });
    await db.update(providerMembers).set({ revokedAt: NOW }).where(eq(providerMembers.id, removed.member.id));
    await makeMember(db, { provider, inviteStatus: "PENDING", user: await makeUser(db, { email: "pia@pending.test" }) });
    const check = (senderEmail: string) => findReviewConflict(db, { providerId: provider.id, senderEmail, now: NOW });

    expect(await check("CoraCurrent+reviews@googlemail.com")).toBe("MEMBER");
    expect(await check("rob+x@removed.test")).toBe("MEMBER");
    expect(await check("pia@pending.test")).toBe("MEMBER");
    expect(current.user.email).toBe("cora.current@gmail.com");
  });

  it("refuses the website's registrable domain and an accepted member's, and accepts gmail.com beside gmail.com members", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { websiteUrl: "https://www.brightpixel.co.uk/about" });
    await makeMember(db, { provider, user: await makeUser(db, { email: "ola@studio-ola.de" }) });
    await makeMember(db, { provider, user: await makeUser(db, { email: "owner.one@gmail.com" }) });
    const check = (senderEmail: string) => findReviewConflict(db, { providerId: provider.id, senderEmail, now: NOW });

    expect(await check("buyer@mail.brightpixel.co.uk")).toBe("DOMAIN");
    expect(await check("someone@studio-ola.de")).toBe("DOMAIN");
    expect(await check("a.real.client@gmail.com")).toBeNull();
    expect(await check("client@other-company.co.uk")).toBeNull();
  });

  it("refuses a second review by the same mailbox within 12 months, and allows one after", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const earlier = await makeReview(db, {
      providerId: provider.id,
      senderEmail: "repeat@client.test",
      publishedAt: new Date(NOW.getTime() - 200 * DAY_MS),
    });
    const check = (senderEmail: string, excludeInquiryId?: string) =>
      findReviewConflict(db, { providerId: provider.id, senderEmail, now: NOW, excludeInquiryId });
    expect(await check("Repeat+2@client.test")).toBe("RECENT_REVIEW");
    expect(await check("repeat@client.test", earlier.inquiryId)).toBeNull();
    expect(await findReviewConflict(db, { providerId: provider.id, senderEmail: "repeat@client.test", now: new Date(NOW.getTime() + 200 * DAY_MS) })).toBeNull();
  });
});
