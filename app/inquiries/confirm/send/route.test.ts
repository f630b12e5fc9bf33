import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, inquiries } from "@/db/schema";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { makeInquiry, makeMember, makeProvider } from "@/test/support/factories";
import { unchangedBy } from "@/test/support/snapshot";
import { POST } from "./route";

vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

async function makeUnconfirmed(expired = false, listed = true) {
  const db = getDb();
  const provider = await makeProvider(db, listed ? {} : { publicProfile: false });
  const { user } = await makeMember(db, { provider, role: "OWNER" });
  const token = createVerificationToken();
  const row = await makeInquiry(db, {
    providerId: provider.id,
    status: "AWAITING_VERIFICATION",
    tokenHash: token.hash,
    tokenExpiresAt: expired ? new Date(Date.now() - 1000) : token.expiresAt,
  });
  return { token: token.token, id: row.id, owner: user.email };
}

// A script-less browser posts the form (with "Origin: null", as the page is no-referrer).
function post(token?: string): Promise<Response> {
  return POST(
    new Request("http://localhost:3000/inquiries/confirm/send", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
      body: new URLSearchParams(token === undefined ? {} : { token }),
    }),
  );
}

describe("POST /inquiries/confirm/send (the confirm button without JavaScript)", () => {
  it("delivers the inquiry, notifies the owner and sends the browser to the outcome page without the token", async () => {
    const inquiry = await makeUnconfirmed();
    const response = await post(inquiry.token);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/inquiries/confirm/outcome?result=delivered");
    const [row] = await getDb().select().from(inquiries).where(eq(inquiries.id, inquiry.id));
    expect(row!.status).toBe("NEW");
    const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, inquiry.owner));
    expect(mails.map((m) => m.kind)).toEqual(["INQUIRY_NOTIFICATION"]);
  });

  it("answers expired, unknown and missing tokens with their outcome pages and changes nothing", async () => {
    const expired = await makeUnconfirmed(true);
    const refused = (token?: string) => unchangedBy(getDb(), () => post(token));
    expect((await refused(expired.token)).headers.get("location")).toMatch(/result=expired$/);
    expect((await refused("A".repeat(43))).headers.get("location")).toMatch(/result=invalid$/);
    expect((await refused()).headers.get("location")).toMatch(/result=invalid$/);
  });

  it("sends the browser to the 'kept' outcome when a delivery limit holds the inquiry, which stays unconfirmed", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const senderEmail = `twice-${crypto.randomUUID()}@example.com`;
    const [first, second] = [createVerificationToken(), createVerificationToken()];
    for (const token of [first, second]) {
      await makeInquiry(db, { providerId: provider.id, senderEmail, status: "AWAITING_VERIFICATION", tokenHash: token.hash, tokenExpiresAt: token.expiresAt });
    }
    expect((await post(first.token)).headers.get("location")).toMatch(/result=delivered$/);
    // One delivery per sender and provider a day: the second is kept for later.
    expect((await post(second.token)).headers.get("location")).toBe("http://localhost:3000/inquiries/confirm/outcome?result=held");
    const [row] = await db.select().from(inquiries).where(eq(inquiries.tokenHash, second.hash));
    expect(row!.status).toBe("AWAITING_VERIFICATION");
  });

  it("sends the browser to the 'no longer listed' outcome when the provider left the directory, delivering nothing", async () => {
    const unlisted = await makeUnconfirmed(false, false);
    const response = await unchangedBy(getDb(), () => post(unlisted.token));
    expect(response.headers.get("location")).toBe("http://localhost:3000/inquiries/confirm/outcome?result=unlisted");
  });

  it("refuses a body over its limit with 413", async () => {
    const response = await POST(
      new Request("http://localhost:3000/inquiries/confirm/send", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `token=${"A".repeat(8 * 1024)}`,
      }),
    );
    expect(response.status).toBe(413);
  });
});
