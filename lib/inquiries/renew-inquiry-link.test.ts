import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, inquiries, providers } from "@/db/schema";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { unchangedBy } from "@/test/support/snapshot";
import { inquiryLinkState } from "./inquiry-link-state";
import { renewInquiryLink } from "./renew-inquiry-link";
import { UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR } from "./submit-inquiry";
import { verifyInquiry } from "./verify-inquiry";

const TOKEN_IN_TEXT = /\/inquiries\/confirm\?token=([A-Za-z0-9_-]{43})/;

/** An unconfirmed inquiry whose emailed link expired a second ago. */
async function expiredInquiry(values: { senderEmail?: string; providerId?: string } = {}) {
  const db = getDb();
  const providerId = values.providerId ?? (await makeProvider(db)).id;
  const token = createVerificationToken();
  const row = await makeInquiry(db, {
    providerId,
    status: "AWAITING_VERIFICATION",
    message: "A tea house shop, kept while the link expired. Can you help?",
    tokenHash: token.hash,
    tokenExpiresAt: new Date(Date.now() - 1000),
    ...(values.senderEmail ? { senderEmail: values.senderEmail } : {}),
  });
  return { row, token: token.token };
}

async function newestLink(to: string): Promise<string> {
  const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, to));
  return TOKEN_IN_TEXT.exec(mails.at(-1)!.text!)![1]!;
}

describe("renewInquiryLink", () => {
  it("gives the same inquiry a new link by email, quoting its message; the old link stops working and the new one delivers it", async () => {
    const db = getDb();
    const { row, token } = await expiredInquiry();
    expect(await inquiryLinkState(db, { token })).toBe("expired");

    const result = await renewInquiryLink(db, { token });
    expect(result.message).toContain("Your message is kept");
    expect(result.message).not.toContain(row.senderEmail);
    const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, row.senderEmail));
    expect(email!.kind).toBe("INQUIRY_CONFIRMATION");
    expect(email!.text).toContain("A tea house shop, kept while the link expired.");
    const fresh = await newestLink(row.senderEmail);
    expect(await inquiryLinkState(db, { token })).toBe("invalid");
    expect(await inquiryLinkState(db, { token: fresh })).toBe("usable");
    // Still one inquiry, with the message as first written.
    expect(await db.select().from(inquiries).where(eq(inquiries.senderEmail, row.senderEmail))).toHaveLength(1);

    await verifyInquiry(db, { token: fresh });
    const [after] = await db.select().from(inquiries).where(eq(inquiries.id, row.id));
    expect(after).toMatchObject({ status: "NEW", message: row.message });
    expect(await inquiryLinkState(db, { token: fresh })).toBe("used");
    await expect(renewInquiryLink(db, { token: fresh })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("counts against the mailbox's hourly cap on confirmation emails, and a refusal changes nothing", async () => {
    const db = getDb();
    const senderEmail = `capped-${crypto.randomUUID()}@example.com`;
    let { token } = await expiredInquiry({ senderEmail });
    for (let i = 0; i < UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR; i++) {
      await renewInquiryLink(db, { token });
      // Expire the new link again, as if it had not been opened in time.
      const next = createVerificationToken();
      await db
        .update(inquiries)
        .set({ tokenHash: next.hash, tokenExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(inquiries.senderEmail, senderEmail));
      token = next.token;
    }
    await unchangedBy(db, () => expect(renewInquiryLink(db, { token })).rejects.toMatchObject({ code: "RATE_LIMITED" }));
  });

  it("sends nothing for a provider no longer listed, and refuses a token we never sent", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const { token } = await expiredInquiry({ providerId: provider.id });
    await db.update(providers).set({ publicProfile: false }).where(eq(providers.id, provider.id));
    await unchangedBy(db, () => expect(renewInquiryLink(db, { token })).rejects.toMatchObject({ code: "NOT_FOUND" }));
    await expect(renewInquiryLink(db, { token: "A".repeat(43) })).rejects.toMatchObject({ code: "TOKEN_INVALID" });
    await expect(renewInquiryLink(db, { token: "short" })).rejects.toMatchObject({ code: "TOKEN_INVALID" });
    expect(await inquiryLinkState(db, { token: "short" })).toBe("invalid");
  });
});
