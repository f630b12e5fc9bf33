import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, inquiries, type Provider } from "@/db/schema";
import { withEnv } from "@/test/support/env";
import { UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR } from "@/lib/inquiries/submit-inquiry";
import { RATE_LIMITED_DETAIL } from "@/lib/rate-limit/rate-limited-error";
import { makeProvider } from "@/test/support/factories";
import { failOutboxInsertsTo } from "@/test/support/failing-outbox";
import { call, problemOf } from "@/test/support/http";
import { peerAddressHeaders } from "@/test/support/peer-address";
import { raceTest } from "@/test/support/races";
import { unchangedBy } from "@/test/support/snapshot";
import { startStubServer } from "@/test/support/stub-server";
import { solvedToken, startTurnstileStandIn } from "@/test/support/turnstile-stand-in";
import { GET, POST } from "./route";

let n = 0;
const freshEmail = () => `sender-${Date.now()}-${++n}@example.com`;
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: "Grace Hopper",
  email: freshEmail(),
  company: "Compilers Inc",
  budget: "25k-100k",
  timeline: "1-3-months",
  message: "We need a careful team to rebuild our booking system this spring.",
  ...overrides,
});
const submit = (slug: string, body: unknown, headers?: Record<string, string>) =>
  call(POST, `/api/public/studio/providers/${slug}/inquiries`, { json: body, headers, params: { slug } });

async function countFor(email: string) {
  const db = getDb();
  const [rows] = await db.select({ n: sql<number>`count(*)::int` }).from(inquiries).where(eq(inquiries.senderEmail, email));
  const [mails] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.to, email));
  return { inquiries: rows!.n, emails: mails!.n };
}

let provider: Provider;
beforeAll(async () => {
  provider = await makeProvider(getDb(), { name: "Northwind Studio" });
});

describe("POST /api/public/studio/providers/:slug/inquiries", () => {
  it("accepts an inquiry with 201, stores it awaiting confirmation and queues the confirmation email with text and HTML parts", async () => {
    const body = valid();
    const response = await submit(provider.slug, body);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true, message: expect.stringMatching(/check your email/i) });
    const [row] = await getDb().select().from(inquiries).where(eq(inquiries.senderEmail, body.email));
    expect(row).toMatchObject({
      providerId: provider.id,
      status: "AWAITING_VERIFICATION",
      senderName: "Grace Hopper",
      senderCompany: "Compilers Inc",
      budget: "25k-100k",
      timeline: "1-3-months",
      deliveredAt: null,
    });
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenExpiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, body.email));
    expect(mail!.kind).toBe("INQUIRY_CONFIRMATION");
    expect(mail!.text).toMatch(/\/inquiries\/confirm\?token=[A-Za-z0-9_-]{43}/);
    expect(mail!.text).toContain("Northwind Studio");
    expect(mail!.text).toContain("“Grace Hopper”");
    expect(mail!.html).toContain("Confirm and send");
    // The address typed is shown defanged, never as something a mail program would link.
    expect(`${mail!.text}${mail!.html}`).not.toContain(body.email);
    expect(mail!.text).toContain(body.email.replace(/\.com$/, "[.]com"));
    // The token is in the email only: the stored hash is not the token.
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail!.text!)![1]!;
    expect(row!.tokenHash).not.toContain(token);
  });

  it("accepts only the required fields and ignores unknown ones", async () => {
    const email = freshEmail();
    const response = await submit(provider.slug, {
      name: "Bo",
      email,
      message: "Twenty characters at least, here.",
      status: "NEW",
      providerId: "x",
    });
    expect(response.status).toBe(201);
    const [row] = await getDb().select().from(inquiries).where(eq(inquiries.senderEmail, email));
    expect(row).toMatchObject({ status: "AWAITING_VERIFICATION", budget: null, timeline: null, senderCompany: null });
  });

  it("answers 404 for an unknown, unapproved, unpublished or suspended provider and stores nothing", async () => {
    const db = getDb();
    const pending = await makeProvider(db, { approvalStatus: "PENDING" });
    const unpublished = await makeProvider(db, { publicProfile: false });
    const suspended = await makeProvider(db, { approvalStatus: "SUSPENDED" });
    for (const slug of ["no-such-provider", pending.slug, unpublished.slug, suspended.slug]) {
      const body = valid();
      const response = await submit(slug, body);
      expect(response.status, slug).toBe(404);
      expect((await problemOf(response)).code).toBe("NOT_FOUND");
      expect(await countFor(body.email)).toEqual({ inquiries: 0, emails: 0 });
    }
  });

  it("answers 409 NOT_ACCEPTING_CLIENTS for a provider not taking clients, and stores nothing", async () => {
    const closed = await makeProvider(getDb(), { acceptingClients: false });
    const body = valid();
    const response = await submit(closed.slug, body);
    expect(response.status).toBe(409);
    expect((await problemOf(response)).code).toBe("NOT_ACCEPTING_CLIENTS");
    expect(await countFor(body.email)).toEqual({ inquiries: 0, emails: 0 });
  });

  it.each([
    ["missing name", { name: undefined }, "name"],
    ["name over 200", { name: "x".repeat(201) }, "name"],
    ["name on two lines", { name: "Grace\nYOUR ACCOUNT IS SUSPENDED" }, "name"],
    ["name with a link", { name: "Grace https://evil.example" }, "name"],
    ["invalid email", { email: "not-an-email" }, "email"],
    ["company over 200", { company: "x".repeat(201) }, "company"],
    ["company with a link", { company: "www.evil.example" }, "company"],
    ["unknown budget", { budget: "1m" }, "budget"],
    ["unknown timeline", { timeline: "yesterday" }, "timeline"],
    ["short message", { message: "Too short." }, "message"],
    ["message over 5000", { message: "x".repeat(5001) }, "message"],
    ["message with control characters", { message: "Hello there\u0007 please answer me soon." }, "message"],
  ])("refuses %s with 400 VALIDATION_FAILED at %s and stores nothing", async (_label, change, path) => {
    const response = await unchangedBy(getDb(), () => submit(provider.slug, valid(change)));
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors?.map((e) => e.path)).toContain(path);
  });

  it("stores no inquiry when its confirmation email cannot be queued: the two commit together", async () => {
    const body = valid();
    const undo = await failOutboxInsertsTo(getDb(), body.email);
    try {
      const response = await submit(provider.slug, body);
      expect(response.status).toBe(500);
      expect((await problemOf(response)).code).toBe("INTERNAL_ERROR");
    } finally {
      await undo();
    }
    expect(await countFor(body.email)).toEqual({ inquiries: 0, emails: 0 });
    // The limits rolled back too: the sender may write to this provider again at once.
    expect((await submit(provider.slug, body)).status).toBe(201);
    expect(await countFor(body.email)).toEqual({ inquiries: 1, emails: 1 });
  });

  it("answers a filled honeypot like a success, storing and sending nothing", async () => {
    const body = valid({ website2: "http://spam.example" });
    const response = await submit(provider.slug, body);
    expect(response.status).toBe(201);
    expect(await countFor(body.email)).toEqual({ inquiries: 0, emails: 0 });
  });

  it("refuses a second inquiry from one mailbox to one provider within 24 hours with 429 and Retry-After", async () => {
    const [local, domain] = freshEmail().split("@");
    expect((await submit(provider.slug, valid({ email: `${local}@${domain}` }))).status).toBe(201);
    const again = await submit(provider.slug, valid({ email: `${local}+again@${domain}`.toUpperCase() }));
    expect(again.status).toBe(429);
    expect((await problemOf(again)).code).toBe("RATE_LIMITED");
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
  });

  it("allows 5 inquiries per mailbox per 24 hours across providers, and refuses the 6th", async () => {
    const db = getDb();
    const others = await Promise.all(Array.from({ length: 6 }, () => makeProvider(db)));
    const [local, domain] = freshEmail().split("@");
    for (const [i, other] of others.slice(0, 5).entries()) {
      expect((await submit(other.slug, valid({ email: `${local}+${i}@${domain}` }))).status).toBe(201);
    }
    const sixth = await submit(others[5]!.slug, valid({ email: `${local}@${domain}` }));
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits inquiries per client IP with INQUIRY_IP_LIMIT", async () => {
    await withEnv({ INQUIRY_IP_LIMIT: "2" }, async () => {
      const others = await Promise.all(Array.from({ length: 3 }, () => makeProvider(getDb())));
      const headers = peerAddressHeaders("203.0.113.120");
      expect((await submit(others[0]!.slug, valid(), headers)).status).toBe(201);
      expect((await submit(others[1]!.slug, valid(), headers)).status).toBe(201);
      const third = await submit(others[2]!.slug, valid(), headers);
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBeTruthy();
      expect((await submit(others[2]!.slug, valid(), peerAddressHeaders("203.0.113.121"))).status).toBe(201);
      const [row] = await getDb().select({ ip: inquiries.senderIp }).from(inquiries).where(eq(inquiries.providerId, others[0]!.id));
      expect(row!.ip).toBe("203.0.113.120");
    });
  });

  it("admits exactly 1 of 20 simultaneous inquiries from one mailbox to one provider", raceTest, async () => {
    const [local, domain] = freshEmail().split("@");
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(provider.slug, valid({ email: `${local}+${i}@${domain}` }))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    const [rows] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(inquiries)
      .where(sql`${inquiries.senderEmail} like ${`${local}+%@${domain}`}`);
    expect(rows!.n).toBe(1);
  });

  it("admits exactly 5 of 20 simultaneous inquiries from one mailbox to 20 providers", raceTest, async () => {
    const others = await Promise.all(Array.from({ length: 20 }, () => makeProvider(getDb())));
    const email = freshEmail();
    const responses = await Promise.all(others.map((other) => submit(other.slug, valid({ email }))));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await countFor(email)).toEqual({ inquiries: 5, emails: 5 });
  });

  it("lets a person write to a provider although a stranger elsewhere already wrote to it in their name", async () => {
    const [local, domain] = freshEmail().split("@");
    // The stranger's unconfirmed inquiry, from the stranger's client, with a +tag of the person's address.
    expect((await submit(provider.slug, valid({ email: `${local}+fake@${domain}` }), peerAddressHeaders("203.0.113.66"))).status).toBe(201);
    const again = await submit(provider.slug, valid({ email: `${local}+more@${domain}` }), peerAddressHeaders("203.0.113.66"));
    expect(again.status).toBe(429);
    // The person, from their own client: accepted.
    expect((await submit(provider.slug, valid({ email: `${local}@${domain}` }), peerAddressHeaders("198.51.100.7"))).status).toBe(201);
  });

  it("answers every 429 with the same words, naming no limit and no earlier message", async () => {
    await withEnv({ INQUIRY_IP_LIMIT: "3" }, async () => {
      const others = await Promise.all(Array.from({ length: 8 }, () => makeProvider(getDb())));
      const email = freshEmail();
      const client = peerAddressHeaders("203.0.113.130");
      expect((await submit(others[0]!.slug, valid({ email }), client)).status).toBe(201);
      const sameProvider = await submit(others[0]!.slug, valid({ email }), client);
      expect((await submit(others[1]!.slug, valid(), client)).status).toBe(201);
      expect((await submit(others[2]!.slug, valid(), client)).status).toBe(201);
      const sameClient = await submit(others[3]!.slug, valid(), client);
      // The mailbox's hourly cap, from ten other clients.
      const mailbox = freshEmail();
      for (let i = 0; i < 10; i++) {
        expect((await submit(others[i % 8]!.slug, valid({ email: mailbox }), peerAddressHeaders(`198.51.100.${10 + i}`))).status).toBe(201);
      }
      const sameMailbox = await submit(others[4]!.slug, valid({ email: mailbox }), peerAddressHeaders("198.51.100.99"));
      const details = [];
      for (const refused of [sameProvider, sameClient, sameMailbox]) {
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        details.push((await problemOf(refused)).detail);
      }
      expect(details).toEqual([RATE_LIMITED_DETAIL, RATE_LIMITED_DETAIL, RATE_LIMITED_DETAIL]);
    });
  });

  it(`caps unconfirmed inquiries per mailbox at ${UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR} an hour from every client together, for an hour only`, async () => {
    const others = await Promise.all(Array.from({ length: 11 }, () => makeProvider(getDb())));
    const [local, domain] = freshEmail().split("@");
    for (let i = 0; i < UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR; i++) {
      const response = await submit(others[i]!.slug, valid({ email: `${local}+${i}@${domain}` }), peerAddressHeaders(`198.51.100.${30 + (i % 3)}`));
      expect(response.status, `submission ${i + 1}`).toBe(201);
    }
    const refused = await submit(others[10]!.slug, valid({ email: `${local}@${domain}` }), peerAddressHeaders("192.0.2.44"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect(await countFor(`${local}@${domain}`)).toEqual({ inquiries: 0, emails: 0 });
  });

  it("answers GET with 405 and Allow: POST", async () => {
    const response = await call(GET, `/api/public/studio/providers/${provider.slug}/inquiries`, { params: { slug: provider.slug } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("POST");
  });
});

describe("POST /api/public/studio/providers/:slug/inquiries with CAPTCHA configured", () => {
  let siteverify: Awaited<ReturnType<typeof startStubServer>>;
  beforeAll(async () => {
    siteverify = await startStubServer((req) => {
      const token = new URLSearchParams(req.body).get("response");
      return { status: 200, json: { success: token === "XXXX.DUMMY.TOKEN.XXXX", "error-codes": [] } };
    });
  });
  afterAll(() => siteverify.close());
  const captchaEnv = () => ({ TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA", TURNSTILE_VERIFY_URL: siteverify.url });

  it("refuses a missing or rejected token with 400 CAPTCHA_FAILED and stores nothing", async () => {
    await withEnv(captchaEnv(), async () => {
      for (const token of [undefined, "forged"]) {
        const body = valid({ turnstileToken: token });
        const response = await submit(provider.slug, body);
        expect(response.status).toBe(400);
        expect((await problemOf(response)).code).toBe("CAPTCHA_FAILED");
        expect(await countFor(body.email)).toEqual({ inquiries: 0, emails: 0 });
      }
    });
  });

  it("accepts a token siteverify accepts", async () => {
    await withEnv(captchaEnv(), async () => {
      const response = await submit(provider.slug, valid({ turnstileToken: "XXXX.DUMMY.TOKEN.XXXX" }));
      expect(response.status).toBe(201);
    });
  });
});

describe("POST /api/public/studio/providers/:slug/inquiries: where and for which form the CAPTCHA was solved", () => {
  let siteverify: Awaited<ReturnType<typeof startTurnstileStandIn>>;
  beforeAll(async () => {
    siteverify = await startTurnstileStandIn();
  });
  afterAll(() => siteverify.close());
  const captchaEnv = () => ({ TURNSTILE_SECRET_KEY: "0x4AAAAAAA-inquiry-test", TURNSTILE_VERIFY_URL: siteverify.url, APP_URL: "https://registry.example" });

  it("accepts a token solved on APP_URL's host by the contact form's widget", async () => {
    await withEnv(captchaEnv(), async () => {
      const response = await submit(provider.slug, valid({ turnstileToken: solvedToken({ hostname: "registry.example", action: "inquiry" }) }));
      expect(response.status).toBe(201);
    });
  });

  it.each([
    ["by the apply form", { hostname: "registry.example", action: "apply" }],
    ["on another site", { hostname: "evil.example", action: "inquiry" }],
  ])("refuses a token solved %s with 400 CAPTCHA_FAILED, and stores nothing", async (_what, solved) => {
    await withEnv(captchaEnv(), async () => {
      const body = valid({ turnstileToken: solvedToken(solved) });
      const response = await unchangedBy(getDb(), () => submit(provider.slug, body));
      expect(response.status).toBe(400);
      expect((await problemOf(response)).code).toBe("CAPTCHA_FAILED");
      expect(await countFor(body.email)).toEqual({ inquiries: 0, emails: 0 });
    });
  });
});
