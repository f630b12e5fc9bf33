import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { RATE_LIMITED_DETAIL } from "@/lib/rate-limit/rate-limited-error";
import { withEnv } from "@/test/support/env";
import { startStubServer } from "@/test/support/stub-server";
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
    await sendSignInEmail(db, { email, callbackUrl: callback(email), expires: new Date(Date.now() + 30 * 60_000), clientIp: null });
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "SIGN_IN", subject: "Sign in to Provider Registry" });
    expect(rows[0]!.text).toContain("/signin/confirm?");
    expect(rows[0]!.text).not.toContain("/api/auth/callback/email");
    expect(rows[0]!.text).toContain("expires in 30 minutes");
  });

  it("refuses more links per address and client and hour than SIGN_IN_EMAIL_LIMIT, queueing nothing more", async () => {
    const db = getDb();
    const email = `flood-${crypto.randomUUID()}@example.com`;
    await withEnv({ SIGN_IN_EMAIL_LIMIT: "2" }, async () => {
      const send = () => sendSignInEmail(db, { email, callbackUrl: callback(email), expires: new Date(Date.now() + 60_000), clientIp: null });
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
        sendSignInEmail(db, { email, callbackUrl: callback(email), expires: new Date(Date.now() + 60_000), clientIp: null });
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

const send = (email: string, clientIp: string | null, turnstileToken?: string) =>
  sendSignInEmail(getDb(), { email, callbackUrl: callback(email), expires: new Date(Date.now() + 60_000), clientIp, turnstileToken });
const refusal = (promise: Promise<void>) => promise.then(() => null, (e: unknown) => e as AppError);
const queuedTo = async (email: string) => (await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, email))).length;

describe("sendSignInEmail against a stranger (issue 25)", () => {
  it("a stranger elsewhere using up an address's links, +tags and all, does not lock its owner out", async () => {
    const local = `owner-${crypto.randomUUID()}`;
    await withEnv({ SIGN_IN_EMAIL_LIMIT: "5" }, async () => {
      // Five anonymous requests for tagged variants, from the stranger's client, and a sixth refused.
      for (let i = 0; i < 5; i++) expect(await refusal(send(`${local}+x${i}@example.com`, "203.0.113.66"))).toBeNull();
      expect((await refusal(send(`${local}+x5@example.com`, "203.0.113.66")))?.code).toBe("RATE_LIMITED");
      // The owner, on their own client, still gets their link, at once.
      expect(await refusal(send(`${local}@example.com`, "198.51.100.7"))).toBeNull();
      // The owner's IPv6 client is its /64: another address in it is the same client, not a new allowance.
      for (let i = 0; i < 5; i++) expect(await refusal(send(`${local}@example.com`, `2001:db8:1:2::${i + 1}`))).toBeNull();
      expect((await refusal(send(`${local}@example.com`, "2001:db8:1:2:ffff::9")))?.code).toBe("RATE_LIMITED");
    });
    expect(await queuedTo(`${local}@example.com`)).toBe(6);
  });

  it("caps the links one client may have sent per hour, to any addresses (SIGN_IN_IP_LIMIT)", async () => {
    const run = crypto.randomUUID();
    await withEnv({ SIGN_IN_IP_LIMIT: "3" }, async () => {
      for (let i = 0; i < 3; i++) expect(await refusal(send(`spray-${run}-${i}@example.com`, "203.0.113.77"))).toBeNull();
      const refused = await refusal(send(`spray-${run}-3@example.com`, "203.0.113.77"));
      expect(refused?.code).toBe("RATE_LIMITED");
      expect(Number(refused?.headers["Retry-After"])).toBeGreaterThan(3500);
      expect(await queuedTo(`spray-${run}-3@example.com`)).toBe(0);
      // Another client is not affected; 0 turns the per-client cap off.
      expect(await refusal(send(`spray-${run}-3@example.com`, "203.0.113.78"))).toBeNull();
    });
    await withEnv({ SIGN_IN_IP_LIMIT: "0" }, async () => {
      expect(await refusal(send(`spray-${run}-4@example.com`, "203.0.113.77"))).toBeNull();
    });
  });

  it("refuses for the client and for the mailbox with the same neutral answer, naming neither", async () => {
    const run = crypto.randomUUID();
    await withEnv({ SIGN_IN_IP_LIMIT: "2", SIGN_IN_EMAIL_LIMIT: "1" }, async () => {
      await send(`same-${run}@example.com`, "203.0.113.90");
      const byMailbox = await refusal(send(`same-${run}+again@example.com`, "203.0.113.90"));
      await send(`other-${run}@example.com`, "203.0.113.90");
      const byClient = await refusal(send(`third-${run}@example.com`, "203.0.113.90"));
      for (const refused of [byMailbox, byClient]) {
        expect(refused).toBeInstanceOf(AppError);
        expect(refused!.code).toBe("RATE_LIMITED");
        expect(refused!.message).toBe(RATE_LIMITED_DETAIL);
        expect(Object.keys(refused!.headers)).toEqual(["Retry-After"]);
      }
    });
  });
});

describe("sendSignInEmail with CAPTCHA configured", () => {
  let siteverify: Awaited<ReturnType<typeof startStubServer>>;
  beforeAll(async () => {
    siteverify = await startStubServer((req) => {
      const token = new URLSearchParams(req.body).get("response");
      return { status: 200, json: { success: token === "XXXX.DUMMY.TOKEN.XXXX", "error-codes": [] } };
    });
  });
  afterAll(() => siteverify.close());
  const captchaEnv = () => ({ TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA", TURNSTILE_VERIFY_URL: siteverify.url });

  it("sends a link only for a token siteverify accepts, and a refused one uses up no limit", async () => {
    const email = `captcha-${crypto.randomUUID()}@example.com`;
    await withEnv({ ...captchaEnv(), SIGN_IN_EMAIL_LIMIT: "1" }, async () => {
      for (const token of [undefined, "", "forged"]) {
        expect((await refusal(send(email, "203.0.113.5", token)))?.code).toBe("CAPTCHA_FAILED");
      }
      expect(await queuedTo(email)).toBe(0);
      expect(await refusal(send(email, "203.0.113.5", "XXXX.DUMMY.TOKEN.XXXX"))).toBeNull();
      const request = siteverify.requests.at(-1)!;
      expect(new URLSearchParams(request.body).get("remoteip")).toBe("203.0.113.5");
    });
    expect(await queuedTo(email)).toBe(1);
  });
});
