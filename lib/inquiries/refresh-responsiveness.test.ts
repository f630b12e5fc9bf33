import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerResponsiveness } from "@/db/schema";
import { CLI_CALLER } from "@/lib/auth/caller";
import { getResponsiveness } from "@/lib/provider-core/get-responsiveness";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { changeInquiryStatus } from "./change-inquiry-status";
import { refreshResponsiveness } from "./refresh-responsiveness";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);

/** A provider with inquiries delivered 100 hours ago, answered after the given hours (null: still NEW). */
async function providerWith(answeredAfter: (number | null)[]) {
  const db = getDb();
  const provider = await makeProvider(db);
  const rows = [];
  for (const hours of answeredAfter) {
    rows.push(
      await makeInquiry(db, {
        providerId: provider.id,
        deliveredAt: hoursAgo(100),
        status: hours === null ? "NEW" : "REPLIED",
        firstResponseAt: hours === null ? null : hoursAgo(100 - hours),
      }),
    );
  }
  return { db, providerId: provider.id, rows };
}

describe("refreshResponsiveness leaves spam out of the sample", () => {
  it("reads 4 answered of 4, not of 5, when the fifth inquiry is marked spam", async () => {
    const { db, providerId } = await providerWith([10, 20, 30, 40]);
    // Marked spam half an hour after delivery: a first response by the spec's firstResponseAt, not an answer.
    await makeInquiry(db, { providerId, deliveredAt: hoursAgo(100), status: "SPAM", firstResponseAt: hoursAgo(99.5) });
    await refreshResponsiveness(db, { providerId });
    const [row] = await db.select().from(providerResponsiveness).where(eq(providerResponsiveness.providerId, providerId));
    expect(row).toMatchObject({ sample: 4, responded: 4 });
    // Under the public minimum of 5 once spam is out: no figures rather than "answered 4 of 5".
    expect(await getResponsiveness(db, { providerId })).toBeNull();
  });

  it("does not count an unanswered spam inquiry's wait against the provider", async () => {
    const { db, providerId } = await providerWith([1, 2, 3, 4, 5]);
    await makeInquiry(db, { providerId, deliveredAt: hoursAgo(2000), status: "SPAM" });
    await refreshResponsiveness(db, { providerId });
    expect(await getResponsiveness(db, { providerId })).toEqual({ medianHours: 3, respondedShare: 1, sample: 5 });
  });

  it("recomputes the stored figures when an inquiry is marked spam, and again when it is unmarked", async () => {
    const { db, providerId, rows } = await providerWith([1, 2, 3, 4, 5, null]);
    await refreshResponsiveness(db, { providerId });
    // 1–5 hours and one waiting 100 hours: median 3.5, 5 of 6 answered.
    expect(await getResponsiveness(db, { providerId })).toEqual({ medianHours: 3.5, respondedShare: 0.833, sample: 6 });

    const waiting = rows[5]!;
    await changeInquiryStatus(db, { providerId, inquiryId: waiting.id, status: "SPAM", caller: CLI_CALLER });
    expect(await getResponsiveness(db, { providerId })).toEqual({ medianHours: 3, respondedShare: 1, sample: 5 });

    // Back to NEW: in the sample again. Marking it spam was its first response (the spec's
    // firstResponseAt, kept for good), so it reads as answered then, a moment ago.
    await changeInquiryStatus(db, { providerId, inquiryId: waiting.id, status: "NEW", caller: CLI_CALLER });
    expect(await getResponsiveness(db, { providerId })).toEqual({ medianHours: 3.5, respondedShare: 1, sample: 6 });
  });
});
