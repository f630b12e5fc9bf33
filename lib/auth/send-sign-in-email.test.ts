import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { withEnv } from "@/test/support/env";
import { sendSignInEmail, signInConfirmUrl } from "./send-sign-in-email";

const callback = (email: string) =>
  `http://localhost:3000/api/auth/callback/email?callbackUrl=${encodeURIComponent("/studio/team")}&token=abc123&email=${encodeURIComponent(email)}`;

describe("signInConfirmUrl", () => {
  it("points at the confirm page with every parameter of the Auth.js callback", () => {
    const url = new URL(signInConfirmUrl(callback("ada@example.com")));
    expect(url.origin + url.pathname).toBe("http://localhost:3000/signin/confirm");
    expect(Object.fromEntries(url.searchParams)).toEqual({ callbackUrl: "/studio/team", token: "abc123", email: "ada@example.com" });
  });
});

describe("sendSignInEmail", () => {
  it("queues a sign-in email whose link opens the confirm page, not the callback itself", async () => {
    const db = getDb();
    const email = `signin-${crypto.randomUUID()}@example.com`;
    await sendSignInEmail(db, { email, callbackUrl: callback(email), expires: new Date(Date.now() + 30 * 60_000) });
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "SIGN_IN", subject: "Sign in to Provider Registry" });
    expect(rows[0]!.text).toContain("/signin/confirm?");
    expect(rows[0]!.text).not.toContain("/api/auth/callback/email");
    expect(rows[0]!.text).toContain("expires in 30 minutes");
  });

  it("refuses more links per address and hour than SIGN_IN_EMAIL_LIMIT, queueing nothing more", async () => {
    const db = getDb();
    const email = `flood-${crypto.randomUUID()}@example.com`;
    await withEnv({ SIGN_IN_EMAIL_LIMIT: "2" }, async () => {
      const send = () => sendSignInEmail(db, { email, callbackUrl: callback(email), expires: new Date(Date.now() + 60_000) });
      await send();
      await send();
      const refused = await send().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe("RATE_LIMITED");
      expect(Number((refused as AppError).headers["Retry-After"])).toBeGreaterThan(0);
    });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).toHaveLength(2);
  });

  it("counts the mailbox, not the spelling: tagged addresses share one address's links", async () => {
    const db = getDb();
    const local = `tagged-${crypto.randomUUID()}`;
    await withEnv({ SIGN_IN_EMAIL_LIMIT: "2" }, async () => {
      const send = (email: string) =>
        sendSignInEmail(db, { email, callbackUrl: callback(email), expires: new Date(Date.now() + 60_000) });
      await send(`${local}+1@example.com`);
      await send(`${local}+2@example.com`);
      const refused = await send(`${local}+3@example.com`).catch((e: unknown) => e);
      expect((refused as AppError).code).toBe("RATE_LIMITED");
      expect(((await send(`${local}@example.com`).catch((e: unknown) => e)) as AppError).code).toBe("RATE_LIMITED");
    });
    // Each link went to the address as typed.
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, `${local}+2@example.com`))).toHaveLength(1);
  });
});
