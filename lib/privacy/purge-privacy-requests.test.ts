import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { privacyRequestSeals } from "@/db/schema-privacy";
import { privacyRequests } from "@/db/schema-reviews";
import { hashVerificationToken } from "@/lib/tokens/verification-token";
import { requestPrivacyToken } from "@/test/support/privacy-fixture";
import { confirmPrivacyRequest } from "./confirm-privacy-request";
import { purgePrivacyRequests } from "./purge-privacy-requests";

const DAY_MS = 86_400_000;
const byToken = async (token: string) =>
  (await getDb().select().from(privacyRequests).where(eq(privacyRequests.tokenHash, hashVerificationToken(token))))[0];

describe("purgePrivacyRequests", () => {
  it("drops access files past their 7 days and unconfirmed requests 30 days past their link, keeps the rest, and a second run changes nothing", async () => {
    const db = getDb();
    const now = new Date();
    const accessed = await requestPrivacyToken(db, { email: "kept.history@example.com", kind: "ACCESS" });
    await confirmPrivacyRequest(db, { token: accessed, now });
    const unconfirmed = await requestPrivacyToken(db, { email: "never.confirmed@example.com", kind: "ERASE" });
    const fresh = await requestPrivacyToken(db, { email: "fresh@example.com", kind: "ERASE" });
    const unconfirmedId = (await byToken(unconfirmed))!.id;

    expect(await purgePrivacyRequests(db, { now: new Date(now.getTime() + 6 * DAY_MS) })).toEqual({ accessFiles: 0, unconfirmed: 0 });
    expect(await purgePrivacyRequests(db, { now: new Date(now.getTime() + 32 * DAY_MS) })).toEqual({ accessFiles: 1, unconfirmed: 2 });
    expect(await purgePrivacyRequests(db, { now: new Date(now.getTime() + 32 * DAY_MS) })).toEqual({ accessFiles: 0, unconfirmed: 0 });

    const kept = await byToken(accessed);
    expect(kept).toMatchObject({ accessPayload: null });
    expect(kept!.completedAt).toBeInstanceOf(Date);
    expect(await byToken(unconfirmed)).toBeUndefined();
    expect(await byToken(fresh)).toBeUndefined();
    expect(await db.select().from(privacyRequestSeals).where(eq(privacyRequestSeals.requestId, unconfirmedId))).toEqual([]);
  });
});
