import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { listingConfirmTokens } from "@/db/schema-freshness";
import { newConfirmToken } from "@/lib/freshness/confirm-token";
import { makeProvider } from "@/test/support/factories";
import { unchangedBy } from "@/test/support/snapshot";
import { POST } from "./route";

vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

const DAY = 86_400_000;

async function linkFor(overrides: Parameters<typeof makeProvider>[1] = {}, issuedAt = new Date()) {
  const db = getDb();
  const provider = await makeProvider(db, overrides);
  const token = newConfirmToken(issuedAt);
  await db.insert(listingConfirmTokens).values({ tokenHash: token.hash, providerId: provider.id, expiresAt: token.expiresAt });
  return { provider, token: token.token };
}

// A script-less browser posts the form (with "Origin: null", as the page is no-referrer).
function post(token?: string): Promise<Response> {
  return POST(
    new Request("http://localhost:3000/listing/confirm/send", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
      body: new URLSearchParams(token === undefined ? {} : { token }),
    }),
  );
}

describe("POST /listing/confirm/send (the confirm link's button without JavaScript)", () => {
  it("shows a stale-hidden listing again and sends the browser to the outcome page without the token; a second post says used", async () => {
    const { provider, token } = await linkFor({ publicProfile: false, hiddenReason: "STALE", staleHiddenAt: new Date(), confirmedAt: new Date(Date.now() - 215 * DAY) });
    const response = await post(token);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/listing/confirm/outcome?result=restored");
    const [row] = await getDb().select().from(providers).where(eq(providers.id, provider.id));
    expect(row).toMatchObject({ publicProfile: true, hiddenReason: null });
    expect((await unchangedBy(getDb(), () => post(token))).headers.get("location")).toMatch(/result=used$/);
  });

  it("answers a listing that was not hidden with 'confirmed'", async () => {
    const { token } = await linkFor({ confirmedAt: new Date(Date.now() - 155 * DAY) });
    expect((await post(token)).headers.get("location")).toMatch(/result=confirmed$/);
  });

  it("answers expired, unknown and missing tokens and a suspended provider with their outcome pages, changing nothing", async () => {
    const expired = await linkFor({}, new Date(Date.now() - 31 * DAY));
    const suspended = await linkFor({ approvalStatus: "SUSPENDED" });
    const refused = (token?: string) => unchangedBy(getDb(), () => post(token));
    expect((await refused(expired.token)).headers.get("location")).toMatch(/result=expired$/);
    expect((await refused(suspended.token)).headers.get("location")).toMatch(/result=suspended$/);
    expect((await refused("A".repeat(43))).headers.get("location")).toMatch(/result=invalid$/);
    expect((await refused()).headers.get("location")).toMatch(/result=invalid$/);
  });
});
