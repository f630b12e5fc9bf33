import { and, count, eq, gte, isNotNull, lt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { inquiries } from "@/db/schema";
import { CLI_CALLER } from "@/lib/auth/caller";
import { changeInquiryStatus } from "@/lib/inquiries/change-inquiry-status";
import { inquirySubmissionSchema } from "@/lib/inquiries/schemas";
import { submitInquiry } from "@/lib/inquiries/submit-inquiry";
import { verifyInquiry } from "@/lib/inquiries/verify-inquiry";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { getProviderAnalytics } from "./get-provider-analytics";
import { utcDay } from "./utc-day";

const submission = (email: string, honeypot = false) =>
  inquirySubmissionSchema.parse({
    name: "Ada Analytics",
    email,
    message: "We would like a quote for a new website, please.",
    ...(honeypot ? { website2: "http://spam.example" } : {}),
  });

describe("the funnel's inquiry counts", () => {
  it("equal the counts taken from the inquiries table for the month: submitted (no honeypot), delivered, first answered", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { slug: "analytics-funnel" });
    for (let i = 0; i < 3; i++) {
      await submitInquiry(db, { slug: provider.slug, input: submission(`analytics-funnel-${i}@example.com`), clientIp: `203.0.113.${i + 1}` });
    }
    expect(await submitInquiry(db, { slug: provider.slug, input: submission("analytics-bot@example.com", true), clientIp: "203.0.113.9" })).toEqual({
      inquiryId: null,
    });
    const delivered: string[] = [];
    for (let i = 0; i < 3; i++) {
      const token = createVerificationToken();
      const inquiry = await makeInquiry(db, { providerId: provider.id, status: "AWAITING_VERIFICATION", tokenHash: token.hash });
      await verifyInquiry(db, { token: token.token });
      // A second confirmation of the same link delivers nothing and counts nothing.
      await verifyInquiry(db, { token: token.token });
      delivered.push(inquiry.id);
    }
    const answer = (inquiryId: string, status: "NEW" | "REPLIED" | "ARCHIVED") =>
      changeInquiryStatus(db, { providerId: provider.id, inquiryId, status, caller: CLI_CALLER });
    await answer(delivered[0]!, "REPLIED");
    await answer(delivered[0]!, "NEW");
    await answer(delivered[0]!, "ARCHIVED");
    await answer(delivered[1]!, "ARCHIVED");

    const now = new Date();
    const monthStart = `${utcDay(now).slice(0, 7)}-01`;
    const report = await getProviderAnalytics(db, { providerId: provider.id, query: { from: monthStart, to: utcDay(now) }, now });
    const inMonth = (column: typeof inquiries.createdAt | typeof inquiries.deliveredAt) =>
      and(eq(inquiries.providerId, provider.id), isNotNull(column), gte(column, new Date(`${monthStart}T00:00:00Z`)), lt(column, new Date(now.getTime() + 1000)));
    const countWhere = async (where: ReturnType<typeof inMonth>) => (await db.select({ n: count() }).from(inquiries).where(where))[0]!.n;
    const expected = {
      inquiriesSubmitted: await countWhere(and(inMonth(inquiries.createdAt), eq(inquiries.senderName, "Ada Analytics"))),
      inquiriesDelivered: await countWhere(inMonth(inquiries.deliveredAt)),
      inquiriesAnswered: await countWhere(inMonth(inquiries.firstResponseAt)),
    };
    expect(expected).toEqual({ inquiriesSubmitted: 3, inquiriesDelivered: 3, inquiriesAnswered: 2 });
    expect(report.totals).toMatchObject(expected);
    expect(report.funnel.submittedToDelivered).toBe(1);
    expect(report.funnel.deliveredToAnswered).toBe(0.667);
  });
});
