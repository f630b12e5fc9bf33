import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { Provider } from "@/db/schema";
import { reviewInvitations } from "@/db/schema-reviews";
import { hashVerificationToken } from "@/lib/tokens/verification-token";
import { makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { makeInvitation } from "@/test/support/review-factories";
import { GET, POST } from "./route";

const DAY = 86_400_000;
let provider: Provider;

beforeAll(async () => {
  provider = await makeProvider(getDb());
});

const read = (token: string) => call(GET, `/api/public/studio/reviews/invitation?token=${encodeURIComponent(token)}`);

describe("GET /api/public/studio/reviews/invitation", () => {
  it("answers the provider, the delivery date, the provider's confirmation and the prefill; never the address or the message", async () => {
    const { token, inquiryId } = await makeInvitation(getDb(), {
      providerId: provider.id,
      senderName: "Grace Hopper",
      inquiry: { senderCompany: "Navy Labs", budget: "25k-100k", engagedAt: new Date(Date.now() - 30 * DAY) },
    });
    const response = await read(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const body = await response.json();
    expect(body).toEqual({
      providerSlug: provider.slug,
      providerName: provider.name,
      deliveredAt: expect.stringMatching(/^\d{4}-/),
      engagementConfirmedByProvider: true,
      prefill: { reviewerName: "Grace Hopper", reviewerCompany: "Navy Labs", projectBudget: "25k-100k" },
    });
    expect(JSON.stringify(body)).not.toMatch(/@|quote for a new website/);
    expect(inquiryId).toBeTruthy();
  });

  it("refuses a malformed or unknown token (400) and an expired one (410)", async () => {
    const db = getDb();
    const expired = await makeInvitation(db, { providerId: provider.id, sentAt: new Date(Date.now() - 91 * DAY) });
    const unknown = "A".repeat(43);
    const answers = [await read("short"), await read(unknown), await read(expired.token)];
    expect(answers.map((r) => r.status)).toEqual([400, 400, 410]);
    expect(await Promise.all(answers.map(async (r) => (await problemOf(r)).code))).toEqual(["TOKEN_INVALID", "TOKEN_INVALID", "TOKEN_EXPIRED"]);
  });

  it("refuses an invitation whose review was written (409 REVIEW_ALREADY_SUBMITTED)", async () => {
    const db = getDb();
    const { token } = await makeInvitation(db, { providerId: provider.id });
    await db.update(reviewInvitations).set({ usedAt: new Date() }).where(eq(reviewInvitations.tokenHash, hashVerificationToken(token)));
    const response = await read(token);
    expect(response.status).toBe(409);
    expect((await problemOf(response)).code).toBe("REVIEW_ALREADY_SUBMITTED");
  });

  it("answers 405 to POST", async () => {
    expect((await call(POST, "/api/public/studio/reviews/invitation", { method: "POST" })).status).toBe(405);
  });
});
