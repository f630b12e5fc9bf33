import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, interestApplications } from "@/db/schema";
import { insertApplicationRow } from "./insert-application-row";
import { readVerificationLink } from "./read-verification-link";
import { resendVerification } from "./resend-verification";
import { SUBMISSIONS_PER_EMAIL } from "./submit-interest-application";
import { hashVerificationToken } from "@/lib/tokens/verification-token";
import { verifyApplication } from "./verify-application";

const linkState = async (token: string) => (await readVerificationLink(getDb(), { token })).state;

let n = 0;
async function expiredApplication(email = `expired${++n}@example.com`) {
  const token = `ExpiredLinkForTests_${String(++n).padStart(23, "0")}`;
  const row = await insertApplicationRow(getDb(), {
    fullName: "Exa Expired",
    email,
    description: "We build careful software for careful people.",
    tokenHash: hashVerificationToken(token),
    tokenExpiresAt: new Date(Date.now() - 1000),
  });
  return { row, token };
}

const TOKEN_IN_TEXT = /\/verify\?token=([A-Za-z0-9_-]{43})/;

describe("resendVerification", () => {
  it("gives the same application a new link by email; the old one stops working and the new one confirms it", async () => {
    const db = getDb();
    const { row, token } = await expiredApplication();
    expect(await linkState(token)).toBe("expired");

    const result = await resendVerification(db, { token });
    expect(result.message).not.toContain(row.email);
    const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, row.email));
    expect(email!.kind).toBe("VERIFICATION");
    const fresh = TOKEN_IN_TEXT.exec(email!.text!)![1]!;
    expect(await linkState(token)).toBe("invalid");
    expect(await linkState(fresh)).toBe("usable");

    await verifyApplication(db, { token: fresh });
    const [after] = await db.select().from(interestApplications).where(eq(interestApplications.id, row.id));
    expect(after!.stage).toBe("IN_REVIEW");
    expect(await linkState(fresh)).toBe("confirmed");
    await expect(resendVerification(db, { token: fresh })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("counts against the per-email limit of applying", async () => {
    const db = getDb();
    const email = "limited@example.com";
    let { token } = await expiredApplication(email);
    for (let i = 0; i < SUBMISSIONS_PER_EMAIL; i++) {
      await resendVerification(db, { token });
      const [latest] = await db.select().from(interestApplications).where(eq(interestApplications.email, email));
      // Expire the new link again, as if a day had passed without it being opened.
      const next = `LimitLinkForTests_${String(i).padStart(25, "0")}`;
      await db
        .update(interestApplications)
        .set({ tokenHash: hashVerificationToken(next), tokenExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(interestApplications.id, latest!.id));
      token = next;
    }
    await expect(resendVerification(db, { token })).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });

  it("refuses a token we never sent", async () => {
    await expect(resendVerification(getDb(), { token: "A".repeat(43) })).rejects.toMatchObject({ code: "TOKEN_INVALID" });
    await expect(resendVerification(getDb(), { token: "short" })).rejects.toMatchObject({ code: "TOKEN_INVALID" });
  });
});
