import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, interestApplications, rateLimitHits } from "@/db/schema";
import { withEnv } from "@/test/support/env";
import { RATE_LIMITED_DETAIL } from "@/lib/rate-limit/rate-limited-error";
import { makeUser } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { peerAddressHeaders } from "@/test/support/peer-address";
import { startStubServer } from "@/test/support/stub-server";
import { solvedToken, startTurnstileStandIn } from "@/test/support/turnstile-stand-in";
import { raceTest } from "@/test/support/races";
import { unchangedBy } from "@/test/support/snapshot";
import { rateLimitKey } from "@/lib/rate-limit/consume-rate-limit";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { GET, POST } from "./route";

const URL_ = "/api/public/studio/providers/interest";
let n = 0;
const freshEmail = () => `applicant-${Date.now()}-${++n}@example.com`;
const valid = (overrides: Record<string, unknown> = {}) => ({
  fullName: "Ada Lovelace",
  email: freshEmail(),
  companyName: "Analytical Engines",
  specialties: ["DEVELOPMENT", "DATA"],
  description: "We build careful software for careful people.",
  portfolioLinks: ["https://example.com/work"],
  referralSource: "A friend",
  ...overrides,
});
const submit = (body: unknown, headers?: Record<string, string>) => call(POST, URL_, { json: body, headers });

async function countFor(email: string) {
  const db = getDb();
  const [apps] = await db.select({ n: sql<number>`count(*)::int` }).from(interestApplications).where(eq(interestApplications.email, email));
  const [mails] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.to, email));
  return { applications: apps!.n, emails: mails!.n };
}

describe("POST /api/public/studio/providers/interest", () => {
  it("accepts a valid application with 201, stores it awaiting verification and queues the verification email", async () => {
    const body = valid();
    const response = await submit(body);
    expect(response.status).toBe(201);
    const json = await response.json();
    expect(json).toEqual({ success: true, message: expect.stringMatching(/check your email/i) });
    const [row] = await getDb().select().from(interestApplications).where(eq(interestApplications.email, body.email));
    expect(row).toMatchObject({ stage: "AWAITING_VERIFICATION", fullName: "Ada Lovelace", specialties: ["DEVELOPMENT", "DATA"] });
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, body.email));
    expect(mail!.kind).toBe("VERIFICATION");
    expect(mail!.text).toMatch(/\/verify\?token=[A-Za-z0-9_-]{43}/);
  });

  it("normalises the email (trimmed, lower-cased) and ignores unknown fields", async () => {
    const email = freshEmail();
    const response = await submit(valid({ email: `  ${email.toUpperCase()}  `, isAdmin: true, stage: "APPROVED" }));
    expect(response.status).toBe(201);
    const [row] = await getDb().select().from(interestApplications).where(eq(interestApplications.email, email));
    expect(row!.stage).toBe("AWAITING_VERIFICATION");
  });

  it("answers the same whether or not the email already has an account", async () => {
    const user = await makeUser(getDb());
    const known = await submit(valid({ email: user.email }));
    const unknown = await submit(valid());
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it("refuses a name that would put words or a link of the applicant's into our emails, and stores nothing", async () => {
    for (const [field, value] of [
      ["fullName", "Ada\n\nYOUR ACCOUNT IS SUSPENDED"],
      ["fullName", "Ada, re-verify at https://evil.example/login"],
      ["fullName", "Security team of hxxps://evil-login.com"],
      ["companyName", "Acme\r\nCall us"],
      ["companyName", "www.evil.example"],
    ] as const) {
      const body = valid({ [field]: value });
      const response = await submit(body);
      expect(response.status).toBe(400);
      expect((await problemOf(response)).errors?.map((e) => e.path)).toEqual([field]);
      expect(await countFor(body.email)).toEqual({ applications: 0, emails: 0 });
    }
  });

  it("sends the verification email without anything the applicant typed", async () => {
    const body = valid({ fullName: "Mallory Stranger", companyName: "Totally Legit Ltd" });
    expect((await submit(body)).status).toBe(201);
    const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, body.email));
    expect(`${mail!.subject}${mail!.text}${mail!.html}`).not.toMatch(/Mallory|Legit/);
  });

  it("accepts a body with only the required fields", async () => {
    const response = await submit({ fullName: "Bo", email: freshEmail(), description: "Ten chars!" });
    expect(response.status).toBe(201);
  });

  it.each([
    ["missing fullName", { fullName: undefined }, "fullName"],
    ["blank fullName", { fullName: "   " }, "fullName"],
    ["fullName over 200", { fullName: "x".repeat(201) }, "fullName"],
    ["invalid email", { email: "not-an-email" }, "email"],
    ["missing email", { email: undefined }, "email"],
    ["short description", { description: "too short" }, "description"],
    ["description over 5000", { description: "x".repeat(5001) }, "description"],
    ["unknown specialty", { specialties: ["DEVELOPMENT", "COOKING"] }, "specialties.1"],
    ["duplicate specialties", { specialties: ["DATA", "DATA"] }, "specialties"],
    ["specialties not a list", { specialties: "DATA" }, "specialties"],
    ["non-http portfolio link", { portfolioLinks: ["javascript:alert(1)"] }, "portfolioLinks.0"],
    ["relative portfolio link", { portfolioLinks: ["/work"] }, "portfolioLinks.0"],
    ["too many portfolio links", { portfolioLinks: Array.from({ length: 11 }, (_, i) => `https://e.com/${i}`) }, "portfolioLinks"],
    ["companyName over 200", { companyName: "x".repeat(201) }, "companyName"],
    ["referralSource wrong type", { referralSource: 42 }, "referralSource"],
  ])("refuses %s with 400 VALIDATION_FAILED at %s and stores nothing", async (_label, change, path) => {
    const response = await unchangedBy(getDb(), () => submit(valid(change)));
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors?.map((e) => e.path)).toContain(path);
  });

  it("lists every bad field at once", async () => {
    const response = await submit({ fullName: "", email: "x", description: "short" });
    const problem = await problemOf(response);
    expect(problem.errors?.map((e) => e.path).sort()).toEqual(["description", "email", "fullName"]);
  });

  it("refuses a body that is not JSON with 400 INVALID_JSON", async () => {
    const response = await call(POST, URL_, { rawBody: "{not json", headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).code).toBe("INVALID_JSON");
  });

  it("refuses a JSON body that is not an object with 400 VALIDATION_FAILED", async () => {
    const response = await call(POST, URL_, { rawBody: "[1,2]", headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).code).toBe("VALIDATION_FAILED");
  });

  it("refuses a body without Content-Type: application/json with 415", async () => {
    const response = await call(POST, URL_, { rawBody: JSON.stringify(valid()), headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(415);
    expect((await problemOf(response)).code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses a body over 100 KB with 413, with or without Content-Length", async () => {
    const big = JSON.stringify(valid({ description: "x".repeat(110 * 1024) }));
    const response = await call(POST, URL_, {
      rawBody: big,
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(big)) },
    });
    expect(response.status).toBe(413);
    expect((await problemOf(response)).code).toBe("PAYLOAD_TOO_LARGE");
    const streamed = new Request(`http://localhost${URL_}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      // @ts-expect-error duplex is required by Node for streamed bodies
      duplex: "half",
    });
    const chunked = await POST(streamed, { params: Promise.resolve({}) });
    expect(chunked.status).toBe(413);
  });

  it("refuses the 4th submission for one email within 24 hours with 429 and Retry-After", async () => {
    const email = freshEmail();
    for (let i = 0; i < 3; i++) expect((await submit(valid({ email }))).status).toBe(201);
    const fourth = await submit(valid({ email }));
    expect(fourth.status).toBe(429);
    expect((await problemOf(fourth)).code).toBe("RATE_LIMITED");
    const retryAfter = Number(fourth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
  });

  it("holds the limit exactly under 20 simultaneous submissions with case and whitespace variants", raceTest, async () => {
    const email = freshEmail();
    const variants = [email, email.toUpperCase(), ` ${email} `, `\t${email.replace("applicant", "APPLICANT")}`];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(valid({ email: variants[i % variants.length] }))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    for (const r of responses.filter((r) => r.status === 429)) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await countFor(email)).toEqual({ applications: 3, emails: 3 });
  });

  it("counts case and whitespace variants of one address toward the same limit", async () => {
    const email = freshEmail();
    for (const variant of [email, email.toUpperCase(), ` ${email} `]) expect((await submit(valid({ email: variant }))).status).toBe(201);
    const fourth = await submit(valid({ email: `\t${email.replace("applicant", "APPLICANT")}` }));
    expect(fourth.status).toBe(429);
    expect(await countFor(email)).toEqual({ applications: 3, emails: 3 });
  });

  it("slides the 24-hour window: a submission is allowed again once the oldest of the three is 24 hours old", async () => {
    const db = getDb();
    const email = freshEmail();
    for (let i = 0; i < 3; i++) expect((await submit(valid({ email }))).status).toBe(201);
    const key = rateLimitKey("interest:email", mailboxKey(email));
    const hits = await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key)).orderBy(rateLimitHits.createdAt);
    expect(hits).toHaveLength(3);
    const age = (id: string, interval: string) =>
      db.update(rateLimitHits).set({ createdAt: sql`now() - ${interval}::interval` }).where(eq(rateLimitHits.id, id));

    // All three a minute short of 24 hours old: still refused, free again within that minute.
    for (const [i, hit] of hits.entries()) await age(hit.id, `23 hours 59 minutes ${2 - i} seconds`);
    const early = await submit(valid({ email }));
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("retry-after"))).toBeLessThanOrEqual(60);

    // The oldest passes 24 hours: exactly one more is allowed, and the next is refused again.
    await age(hits[0]!.id, "24 hours 1 minute");
    expect((await submit(valid({ email }))).status).toBe(201);
    expect((await submit(valid({ email }))).status).toBe(429);
    expect(await countFor(email)).toEqual({ applications: 4, emails: 4 });
  });

  it("turns the per-IP limit off with INTEREST_IP_LIMIT=0", async () => {
    await withEnv({ INTEREST_IP_LIMIT: "0", TRUSTED_PROXY_HOPS: "1" }, async () => {
      const headers = { "x-forwarded-for": "203.0.113.90" };
      // More than the default limit of 20, all from one address.
      const statuses = [];
      for (let i = 0; i < 22; i++) statuses.push((await submit(valid(), headers)).status);
      expect(statuses).toEqual(Array(22).fill(201));
    });
    const ipHits = await getDb().select().from(rateLimitHits).where(eq(rateLimitHits.key, rateLimitKey("interest:ip", "203.0.113.90")));
    expect(ipHits).toHaveLength(0);
  });

  it("counts one mailbox however it is tagged: x+1@, x+2@ and x+3@ use up x@'s three, and each is stored as typed", async () => {
    const [local, domain] = freshEmail().split("@");
    const tagged = (tag: string) => `${local}+${tag}@${domain}`;
    for (const tag of ["1", "2", "3"]) expect((await submit(valid({ email: tagged(tag) }))).status).toBe(201);
    const fourth = await submit(valid({ email: tagged("4") }));
    expect(fourth.status).toBe(429);
    expect((await submit(valid({ email: `${local}@${domain}` }))).status).toBe(429);
    expect(await countFor(tagged("2"))).toEqual({ applications: 1, emails: 1 });
  });

  it("counts a Gmail mailbox without its dots, under either Google domain", async () => {
    const name = `dotted${Date.now()}`;
    const spellings = [`${name}@gmail.com`, `${name.slice(0, 3)}.${name.slice(3)}@gmail.com`, `${name.slice(0, 1)}.${name.slice(1)}+x@googlemail.com`];
    for (const email of spellings) expect((await submit(valid({ email }))).status).toBe(201);
    expect((await submit(valid({ email: `${name.slice(0, 5)}.${name.slice(5)}@gmail.com` }))).status).toBe(429);
  });

  it("limits submissions per client IP when INTEREST_IP_LIMIT is set", async () => {
    await withEnv({ INTEREST_IP_LIMIT: "2" }, async () => {
      const headers = peerAddressHeaders("203.0.113.77");
      expect((await submit(valid(), headers)).status).toBe(201);
      expect((await submit(valid(), headers)).status).toBe(201);
      const third = await submit(valid(), headers);
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBeTruthy();
      expect((await submit(valid(), peerAddressHeaders("203.0.113.78"))).status).toBe(201);
    });
  });

  it("answers every 429 with the same words, whichever limit refused, so nobody learns who else used an address", async () => {
    await withEnv({ INTEREST_IP_LIMIT: "1" }, async () => {
      const email = freshEmail();
      for (let i = 0; i < 3; i++) expect((await submit(valid({ email }), peerAddressHeaders(`203.0.113.${140 + i}`))).status).toBe(201);
      const byEmail = await submit(valid({ email }), peerAddressHeaders("203.0.113.150"));
      const byClient = await submit(valid(), peerAddressHeaders("203.0.113.140"));
      const details = [];
      for (const refused of [byEmail, byClient]) {
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        details.push((await problemOf(refused)).detail);
      }
      expect(details).toEqual([RATE_LIMITED_DETAIL, RATE_LIMITED_DETAIL]);
    });
  });

  it("does not let a client reset its per-IP limit by sending X-Forwarded-For when no proxy is trusted", async () => {
    await withEnv({ INTEREST_IP_LIMIT: "1", TRUSTED_PROXY_HOPS: "0" }, async () => {
      const peer = peerAddressHeaders("203.0.113.79");
      expect((await submit(valid(), { ...peer, "x-forwarded-for": "198.51.100.1" })).status).toBe(201);
      for (const claimed of ["198.51.100.2", "203.0.113.80", "x".repeat(10_000), "unknown"]) {
        const response = await submit(valid(), { ...peer, "x-forwarded-for": claimed });
        expect(response.status, claimed.slice(0, 20)).toBe(429);
      }
    });
  });

  it("answers a long or garbage forwarding header like any other request, never with a 5xx", async () => {
    await withEnv({ INTEREST_IP_LIMIT: "5", TRUSTED_PROXY_HOPS: "1" }, async () => {
      for (const forwarded of ["a".repeat(20_000), "unknown, _proxy", "1.2.3.4:5678", "\t1.2.3.4", ", , ,"]) {
        const response = await submit(valid(), { ...peerAddressHeaders("203.0.113.81"), "x-forwarded-for": forwarded });
        expect(response.status, forwarded.slice(0, 20)).toBeLessThan(500);
      }
    });
  });

  it("answers GET with 405 and Allow: POST", async () => {
    const response = await call(GET, URL_);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("POST");
  });
});

describe("POST /api/public/studio/providers/interest with CAPTCHA configured", () => {
  let siteverify: Awaited<ReturnType<typeof startStubServer>>;
  beforeAll(async () => {
    siteverify = await startStubServer((req) => {
      const token = new URLSearchParams(req.body).get("response");
      return { status: 200, json: { success: token === "XXXX.DUMMY.TOKEN.XXXX", "error-codes": [] } };
    });
  });
  afterAll(() => siteverify.close());
  const captchaEnv = () => ({ TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA", TURNSTILE_VERIFY_URL: siteverify.url });

  it("refuses a missing token with 400 CAPTCHA_FAILED and stores nothing", async () => {
    await withEnv(captchaEnv(), async () => {
      const body = valid();
      const response = await unchangedBy(getDb(), () => submit(body));
      expect(response.status).toBe(400);
      expect((await problemOf(response)).code).toBe("CAPTCHA_FAILED");
      expect(await countFor(body.email)).toEqual({ applications: 0, emails: 0 });
    });
  });

  it("refuses a token siteverify rejects with 400 CAPTCHA_FAILED", async () => {
    await withEnv(captchaEnv(), async () => {
      const response = await submit(valid({ turnstileToken: "forged" }));
      expect(response.status).toBe(400);
      expect((await problemOf(response)).code).toBe("CAPTCHA_FAILED");
    });
  });

  it("accepts a token siteverify accepts, sending the secret server-side", async () => {
    await withEnv(captchaEnv(), async () => {
      const response = await submit(valid({ turnstileToken: "XXXX.DUMMY.TOKEN.XXXX" }));
      expect(response.status).toBe(201);
      const last = siteverify.requests.at(-1)!;
      expect(new URLSearchParams(last.body).get("secret")).toBe("1x0000000000000000000000000000000AA");
    });
  });

  it("sends siteverify the socket's address as remoteip, never the client's X-Forwarded-For", async () => {
    await withEnv({ ...captchaEnv(), TRUSTED_PROXY_HOPS: "0" }, async () => {
      const headers = { ...peerAddressHeaders("203.0.113.90"), "x-forwarded-for": "198.51.100.99" };
      expect((await submit(valid({ turnstileToken: "XXXX.DUMMY.TOKEN.XXXX" }), headers)).status).toBe(201);
      expect(new URLSearchParams(siteverify.requests.at(-1)!.body).get("remoteip")).toBe("203.0.113.90");
      // Garbage in the header is never sent either.
      await submit(valid({ turnstileToken: "XXXX.DUMMY.TOKEN.XXXX" }), { "x-forwarded-for": "<script>" });
      expect(new URLSearchParams(siteverify.requests.at(-1)!.body).has("remoteip")).toBe(false);
    });
  });

  it("answers 503 when siteverify cannot be reached, storing nothing", async () => {
    await withEnv({ ...captchaEnv(), TURNSTILE_VERIFY_URL: "http://127.0.0.1:1/siteverify" }, async () => {
      const body = valid({ turnstileToken: "XXXX.DUMMY.TOKEN.XXXX" });
      const response = await unchangedBy(getDb(), () => submit(body));
      expect(response.status).toBe(503);
      expect((await problemOf(response)).code).toBe("SERVICE_UNAVAILABLE");
      expect(await countFor(body.email)).toEqual({ applications: 0, emails: 0 });
    });
  });
});

describe("POST /api/public/studio/providers/interest: where and for which form the CAPTCHA was solved", () => {
  let siteverify: Awaited<ReturnType<typeof startTurnstileStandIn>>;
  beforeAll(async () => {
    siteverify = await startTurnstileStandIn();
  });
  afterAll(() => siteverify.close());
  const captchaEnv = () => ({ TURNSTILE_SECRET_KEY: "0x4AAAAAAA-interest-test", TURNSTILE_VERIFY_URL: siteverify.url, APP_URL: "https://registry.example" });

  it("accepts a token solved on APP_URL's host by the apply form's widget", async () => {
    await withEnv(captchaEnv(), async () => {
      const response = await submit(valid({ turnstileToken: solvedToken({ hostname: "registry.example", action: "apply" }) }));
      expect(response.status).toBe(201);
    });
  });

  it.each([
    ["by a provider's contact form", { hostname: "registry.example", action: "inquiry" }],
    ["on another site", { hostname: "evil.example", action: "apply" }],
    ["with neither named", { hostname: null, action: null }],
  ])("refuses a token solved %s with 400 CAPTCHA_FAILED, and stores nothing", async (_what, solved) => {
    await withEnv(captchaEnv(), async () => {
      const body = valid({ turnstileToken: solvedToken(solved) });
      const response = await unchangedBy(getDb(), () => submit(body));
      expect(response.status).toBe(400);
      expect((await problemOf(response)).code).toBe("CAPTCHA_FAILED");
      expect(await countFor(body.email)).toEqual({ applications: 0, emails: 0 });
    });
  });
});
