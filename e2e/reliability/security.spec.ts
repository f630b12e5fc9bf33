// Security checks against the production build (see docs/reliability.md, "Security"): what an
// attacker tried and got through, one test per class. Raw requests (raw-http.ts) where Playwright's
// client cannot send what an attacker sends.
import { randomBytes } from "node:crypto";
import { NORTHWIND_TEAM } from "../../scripts/seed/demo-data";
import { expect, signInThroughMailbox, test, TURNSTILE_DUMMY_TOKEN, turnstileToken } from "../fixtures";
import { E2E_PORT, rawRequest } from "./raw-http";

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const MB = 1024 * 1024;

/** Return addresses that point elsewhere once a browser has parsed them (decoded from the query). */
const OFF_SITE = [
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "\r\n//evil.example",
  " //evil.example",
  "/.//evil.example",
  "/%09/evil.example",
  "/%2F/evil.example",
  "https://evil.example/studio",
  "javascript:alert(1)",
  "java\tscript:alert(1)",
  "/ünïcode/\u2028/evil",
];

test.describe("1. redirects built from input", () => {
  test("a signed-in visitor sent to /signin with a crafted callbackUrl stays on this site, never with a 500", async ({ page }) => {
    await signInThroughMailbox(page, NORTHWIND_TEAM.owner.email, "/studio");
    for (const value of OFF_SITE) {
      const response = await page.request.get(`/signin?callbackUrl=${encodeURIComponent(value)}`, { maxRedirects: 0 });
      const what = `${JSON.stringify(value)} → ${response.status()} ${response.headers().location}`;
      expect.soft(response.status(), what).toBe(307);
      expect.soft(new URL(response.headers().location ?? "", ORIGIN).origin, what).toBe(ORIGIN);
    }
  });

  test("the confirm page and Auth.js's callback keep the return address on this site", async ({ request }) => {
    for (const value of OFF_SITE) {
      const confirm = await request.get(
        `/signin/confirm?token=t&email=a%40e2e.example&callbackUrl=${encodeURIComponent(value)}`,
      );
      expect.soft(confirm.status(), JSON.stringify(value)).toBe(200);
      const hidden = /name="callbackUrl" value="([^"]*)"/.exec(await confirm.text())?.[1] ?? "";
      expect.soft(new URL(hidden.replaceAll("&amp;", "&"), ORIGIN).origin, `confirm page: ${JSON.stringify(value)} → ${hidden}`).toBe(ORIGIN);

      const callback = await request.get(
        `/api/auth/callback/email?token=bad&email=a%40e2e.example&callbackUrl=${encodeURIComponent(value)}`,
        { maxRedirects: 0 },
      );
      const what = `callback: ${JSON.stringify(value)} → ${callback.status()} ${callback.headers().location}`;
      expect.soft(callback.status(), what).toBeLessThan(500);
      if (callback.headers().location) expect.soft(new URL(callback.headers().location!, ORIGIN).origin, what).toBe(ORIGIN);
    }
  });
});

test.describe("2. the client's address", () => {
  const application = (email: string, turnstileToken = TURNSTILE_DUMMY_TOKEN) =>
    JSON.stringify({ fullName: "Ip Tester", email, description: "Checking the per-IP limit.", specialties: [], turnstileToken });
  const submit = (from: string, email: string, forwardedFor: string, token?: string) =>
    rawRequest({
      method: "POST",
      path: "/api/public/studio/providers/interest",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: application(email, token),
      localAddress: from,
    });

  test("a new X-Forwarded-For does not reset the per-IP limit: the socket's address is the client", async () => {
    test.setTimeout(90_000);
    // The suite's server's INTEREST_IP_LIMIT (e2e/playwright.config.ts).
    const limit = Number(process.env.E2E_INTEREST_IP_LIMIT);
    expect(limit).toBeGreaterThan(0);
    const from = "127.0.0.77";
    for (let i = 0; i < limit; i++) {
      const answer = await submit(from, `ip-limit-${i}@e2e.example`, `198.51.100.${i + 1}`);
      expect(answer.status, answer.body).toBe(201);
    }
    const spoofed = await submit(from, `ip-limit-${limit}@e2e.example`, "203.0.113.250");
    expect(spoofed.status, spoofed.body).toBe(429);
    expect(spoofed.headers["retry-after"]).toBeTruthy();
    // Another client is not affected.
    expect((await submit("127.0.0.78", "ip-limit-other@e2e.example", "203.0.113.250")).status).toBe(201);
  });

  test("Turnstile is told the socket's address as remoteip, not what X-Forwarded-For claims", async () => {
    // The siteverify stand-in (e2e/start-server.mjs) accepts "expect-remoteip:<a>:<action>" only when remoteip is <a>.
    const from = "127.0.0.79";
    const truthful = await submit(from, "remoteip-1@e2e.example", "198.51.100.7", `expect-remoteip:${from}:apply`);
    expect(truthful.status, truthful.body).toBe(201);
    const claimed = await submit(from, "remoteip-2@e2e.example", "198.51.100.7", "expect-remoteip:198.51.100.7:apply");
    expect(claimed.status, claimed.body).toBe(400);
  });
});

test.describe("2b. Turnstile tokens", () => {
  test("a token solved by another form's widget is refused: the server checks the action Cloudflare reports", async () => {
    const body = (turnstileToken: string) =>
      JSON.stringify({ fullName: "Action Tester", email: "turnstile-action@e2e.example", description: "Checking the action.", turnstileToken });
    const send = (token: string) =>
      rawRequest({
        method: "POST",
        path: "/api/public/studio/providers/interest",
        headers: { "content-type": "application/json" },
        body: body(token),
        localAddress: "127.0.0.81",
      });
    const wrongForm = await send(turnstileToken("inquiry"));
    expect(wrongForm.status, wrongForm.body).toBe(400);
    expect(JSON.parse(wrongForm.body)).toMatchObject({ code: "CAPTCHA_FAILED" });
    expect((await send("XXXX.DUMMY.TOKEN.XXXX:")).status).toBe(400);
    expect((await send(turnstileToken("apply"))).status).toBe(201);
  });
});

test.describe("3. request bodies", () => {
  test("every endpoint that reads a body refuses one over its limit with 413 before reading it", async () => {
    const cases = [
      // Declared too long, with only the first 64 KB sent: the answer must not wait for the rest.
      { path: "/verify/confirm", declaredLength: 150 * MB, type: "application/x-www-form-urlencoded", status: 413 },
      { path: "/verify/confirm", declaredLength: 8 * 1024, type: "application/x-www-form-urlencoded", status: 413 },
      { path: "/api/auth/signin/email", declaredLength: 30 * MB, type: "application/x-www-form-urlencoded", status: 413 },
      { path: "/api/auth/signin/email", declaredLength: 20 * 1024, type: "application/x-www-form-urlencoded", status: 413 },
      { path: "/studio/listing", declaredLength: 2 * MB, type: "text/plain;charset=UTF-8", status: 413 },
      { path: "/api/public/studio/providers/interest", declaredLength: 2 * MB, type: "application/json", status: 413 },
    ];
    for (const c of cases) {
      const answer = await rawRequest({
        method: "POST",
        path: c.path,
        headers: { "content-type": c.type },
        body: "a".repeat(Math.min(64 * 1024, c.declaredLength - 1)),
        declaredLength: c.declaredLength,
      });
      expect.soft(answer.status, `${c.path} declaring ${c.declaredLength} bytes`).toBe(c.status);
    }
  });

  test("a large chunked body is refused while it is still being sent", async () => {
    test.setTimeout(60_000);
    for (const [path, type, status] of [
      // Pages need a declared length; the API and Auth.js count while they read.
      ["/verify/confirm", "application/x-www-form-urlencoded", 411],
      ["/studio/listing", "text/plain;charset=UTF-8", 411],
      ["/api/auth/signin/email", "application/x-www-form-urlencoded", 413],
      ["/api/public/studio/providers/interest", "application/json", 413],
    ] as const) {
      const answer = await rawRequest({
        method: "POST",
        path,
        headers: { "content-type": type },
        chunked: { chunks: 20 * 16, chunkBytes: 64 * 1024 },
      });
      expect.soft(answer.status, path).toBe(status);
      expect.soft(answer.sent, `${path}: bytes sent before the answer`).toBeLessThan(20 * MB);
    }
  });
});

test.describe("4. long and garbage headers", () => {
  test("no forwarding, identity or user-agent header makes any answer a 5xx", async () => {
    // Random text does not compress: it is what overflowed the rate-limit index when it became a key.
    const junk = [randomBytes(4000).toString("hex"), "unknown, _hidden, 1.2.3.4:5", "\t,,,\t", "::ffff:999.1.1.1", "%00%0d%0a"];
    // One header at a time: all of them at once would pass Node.js's 16 KB header limit (431).
    for (const value of junk) {
      for (const name of ["x-forwarded-for", "x-real-ip", "forwarded", "user-agent", "x-request-id"]) {
        for (const [method, path, body] of [
          // With a valid CAPTCHA token, so the request reaches the per-IP limit that keyed on the header.
          [
            "POST",
            "/api/public/studio/providers/interest",
            JSON.stringify({ fullName: "H", email: "hdr@e2e.example", description: "Header junk test.", turnstileToken: TURNSTILE_DUMMY_TOKEN }),
          ],
          ["GET", "/api/public/studio/providers", undefined],
          ["GET", "/providers", undefined],
          ["GET", "/apply", undefined],
        ] as const) {
          const answer = await rawRequest({
            method,
            path,
            headers: { [name]: value, "content-type": "application/json" },
            body,
            localAddress: "127.0.0.80",
          });
          expect.soft(answer.status, `${method} ${path} with ${name}: ${value.slice(0, 20)}`).toBeLessThan(500);
        }
      }
    }
  });
});

test.describe("5. methods", () => {
  test("a method nothing here answers gets 405 with Allow: problem+json under /api, plain for pages", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      for (const path of ["/api/health", "/api/public/studio/providers/interest", "/api/auth/session", "/api/no-such-endpoint"]) {
        const answer = await rawRequest({ method, path });
        expect.soft(answer.status, `${method} ${path}`).toBe(405);
        expect.soft(answer.headers["content-type"], `${method} ${path}`).toBe("application/problem+json");
        expect.soft(answer.headers.allow, `${method} ${path}`).toBeTruthy();
      }
      for (const path of ["/", "/providers", "/providers/northwind-studio", "/signin", "/studio", "/verify/confirm"]) {
        const answer = await rawRequest({ method, path });
        expect.soft(answer.status, `${method} ${path}`).toBe(405);
        expect.soft(answer.headers.allow, `${method} ${path}`).toBe("GET, HEAD, POST");
      }
    }
  });

  test("methods a route does not export answer problem+json under /api, Auth.js's routes included", async ({ request }) => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await request.fetch("/api/auth/session", { method });
      expect.soft(response.status(), method).toBe(405);
      expect.soft(response.headers()["content-type"], method).toBe("application/problem+json");
      expect.soft(response.headers().allow, method).toContain("GET");
    }
  });
});
