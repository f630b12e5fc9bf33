// Reliability family "headers" (production build, see docs/reliability.md): every page and route
// the app has (found on disk, so a new one is covered without editing this file) answers with the
// security headers, anonymous and signed in; API-key routes are `private, no-store` whatever the
// outcome; cross-site writes are refused and change nothing.
import type { APIRequestContext, APIResponse, Page, Request } from "@playwright/test";
import { NORTHWIND_TEAM, PLATFORM_ADMIN } from "../../scripts/seed/demo-data";
import { expect, readMailbox, signInThroughMailbox, test, waitForOutboxToDrain } from "../fixtures";
import { appPaths, SAMPLE_ID } from "./app-paths";

const EVIL = "https://evil.example";

function expectSecurityHeaders(response: APIResponse, what: string): void {
  const h = response.headers();
  const csp = h["content-security-policy"] ?? "";
  expect.soft(csp, `${what}: Content-Security-Policy`).toContain("default-src 'self'");
  expect.soft(csp, `${what}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect.soft(csp, `${what}: object-src`).toContain("object-src 'none'");
  const directive = (name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";
  expect.soft(directive("script-src"), `${what}: script-src without 'unsafe-inline'`).not.toContain("'unsafe-inline'");
  expect.soft(directive("img-src"), `${what}: img-src without http:`).not.toMatch(/(^|\s)http:/);
  expect.soft(h["x-content-type-options"], `${what}: X-Content-Type-Options`).toBe("nosniff");
  expect.soft(h["x-frame-options"], `${what}: X-Frame-Options`).toBe("DENY");
  expect.soft(h["referrer-policy"], `${what}: Referrer-Policy`).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect.soft(h["permissions-policy"], `${what}: Permissions-Policy`).toContain("camera=()");
  expect.soft(h["cross-origin-opener-policy"], `${what}: COOP`).toBe("same-origin");
  expect.soft(h["strict-transport-security"], `${what}: HSTS`).toMatch(/max-age=\d{7,}/);
  expect.soft(h["x-powered-by"], `${what}: X-Powered-By`).toBeUndefined();
}

async function checkAll(request: APIRequestContext, paths: string[], label: string): Promise<APIResponse[]> {
  const responses: APIResponse[] = [];
  for (const p of paths) {
    // The first answer itself (a redirect too), not where it leads.
    const response = await request.get(p, { maxRedirects: 0 });
    expectSecurityHeaders(response, `${label} GET ${p} → ${response.status()}`);
    responses.push(response);
  }
  return responses;
}

test("every page and API route answers with the security headers, anonymous", async ({ request }) => {
  const pages = appPaths("page.tsx");
  const routes = appPaths("route.ts");
  expect(pages.length).toBeGreaterThan(10);
  expect(routes.length).toBeGreaterThan(10);
  const extra = ["/no-such-page", "/api/no-such-endpoint", "/robots.txt", "/favicon.ico"];
  await checkAll(request, [...pages, ...routes, ...extra], "anonymous");

  // A static chunk of the build, and the answer to a write.
  const home = await (await request.get("/")).text();
  const chunk = /\/_next\/static\/[^"']+\.js/.exec(home)?.[0];
  expect(chunk, "a script chunk on the home page").toBeTruthy();
  expectSecurityHeaders(await request.get(chunk!), `static ${chunk}`);
  const post = await request.post("/api/public/studio/providers/interest", { data: {} });
  expect(post.status()).toBe(400);
  expectSecurityHeaders(post, "POST interest → 400");
});

test("signed-in studio and admin pages answer with the security headers and are never cached", async ({ browser }) => {
  test.setTimeout(90_000);
  const areas: [string, string, string][] = [
    [NORTHWIND_TEAM.owner.email, "/studio", "/studio"],
    // /admin itself forwards to the queue.
    [PLATFORM_ADMIN.email, "/admin", "/admin/applications"],
  ];
  for (const [email, prefix, landing] of areas) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughMailbox(page, email, landing);
    const paths = appPaths("page.tsx").filter((p) => p.startsWith(prefix));
    expect(paths.length, `pages under ${prefix}`).toBeGreaterThan(0);
    const responses = await checkAll(page.request, paths, email);
    responses.forEach((response, i) => {
      // /admin forwards to its first page; every other page renders, except a page of one record
      // (`[id]`), whose sample id names no record: that is a 404, with the same headers.
      const statuses = paths[i]!.includes(SAMPLE_ID) ? [404] : [200, 307];
      expect.soft(statuses, `${paths[i]} signed in → ${response.status()}`).toContain(response.status());
      const cacheControl = response.headers()["cache-control"] ?? "";
      expect.soft(cacheControl, `${paths[i]}: Cache-Control`).toContain("private");
      expect.soft(cacheControl, `${paths[i]}: Cache-Control`).toContain("no-store");
    });
    await context.close();
  }
});

test("API-key routes answer private, no-store on every outcome, and offer no CORS to other sites", async ({ request }) => {
  const routes = appPaths("route.ts").filter((p) => p.startsWith("/api/provider/"));
  expect(routes.length).toBeGreaterThanOrEqual(4);
  const keys = [
    undefined,
    "Bearer not-a-key",
    // Well formed (prefix, length, checksum shape) but unknown.
    "Bearer prk_00000000000000000000000000000000000000",
  ];
  for (const route of routes) {
    for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
      for (const authorization of keys) {
        const response = await request.fetch(route, {
          method,
          headers: { ...(authorization ? { authorization } : {}), "content-type": "application/json" },
          data: method === "GET" || method === "DELETE" ? undefined : {},
        });
        const what = `${method} ${route} (${authorization ?? "no key"}) → ${response.status()}`;
        expect.soft(response.status(), what).toBeGreaterThanOrEqual(400);
        if (response.status() !== 405) expect.soft(response.headers()["cache-control"], what).toBe("private, no-store");
        expectSecurityHeaders(response, what);
      }
    }
    const preflight = await request.fetch(route, {
      method: "OPTIONS",
      headers: { origin: EVIL, "access-control-request-method": "PATCH", "access-control-request-headers": "authorization" },
    });
    expect.soft(preflight.headers()["access-control-allow-origin"], `OPTIONS ${route}`).toBeUndefined();
  }
});

test("cross-site writes are refused and change nothing", async ({ browser, request }) => {
  test.setTimeout(90_000);
  // 1. A form on another site posting the interest form (no JSON content type): refused, nothing queued.
  const victim = "cross-site-applicant@e2e.example";
  const form = await request.post("/api/public/studio/providers/interest", {
    headers: { origin: EVIL, "sec-fetch-site": "cross-site", "content-type": "text/plain" },
    data: JSON.stringify({ fullName: "X", email: victim, description: "Cross-site form post test", specialties: [] }),
  });
  expect(form.status()).toBe(415);

  // 2. A cross-site sign-in request (no CSRF token): no sign-in email is sent.
  const target = "cross-site-signin@e2e.example";
  const signIn = await request.post("/api/auth/signin/email", {
    headers: { origin: EVIL, "sec-fetch-site": "cross-site" },
    form: { email: target, callbackUrl: "/studio" },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBeLessThan(500);

  // 3. A signed-in owner's real server action, replayed from another site with their cookies.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughMailbox(page, NORTHWIND_TEAM.owner.email, "/studio/listing");
  const headline = page.getByLabel("Headline");
  // The demo provider has a headline: wait for the form to show it before reading it.
  await expect(headline).not.toHaveValue("");
  const before = await headline.inputValue();
  const captured = await captureAction(page, async () => {
    await headline.fill(`${before} (cross-site)`);
    await page.getByRole("button", { name: "Save changes" }).click();
  });
  // Another site and an opaque origin are refused before the action runs, with 403 (Next.js itself
  // answers 500); a same-origin call that says it is same-site is refused by the action's own check.
  for (const [site, status] of [
    [{ origin: EVIL, "sec-fetch-site": "cross-site" }, 403],
    [{ origin: "null", "sec-fetch-site": "cross-site" }, 403],
    [{ origin: new URL(captured.url()).origin, "sec-fetch-site": "same-site" }, 200],
  ] as const) {
    const h = captured.headers();
    const replay = await page.request.post(captured.url(), {
      headers: {
        "next-action": h["next-action"]!,
        "content-type": h["content-type"] ?? "text/plain;charset=UTF-8",
        accept: "text/x-component",
        ...site,
      },
      data: captured.postData() ?? "",
      maxRedirects: 0,
    });
    const body = await replay.text();
    expect(replay.status(), `${JSON.stringify(site)} → ${replay.status()} ${body.slice(0, 200)}`).toBe(status);
    if (status === 200) expect(body).toMatch(/"ok":false[\s\S]*"code":"FORBIDDEN"/);
    expect(body).not.toContain('"ok":true');
  }
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByLabel("Headline")).toHaveValue(before);
  await context.close();

  // Every email queued so far is delivered first, so these absences can fail.
  await waitForOutboxToDrain(browser);
  expect(await readMailbox(request, victim)).toHaveLength(0);
  expect(await readMailbox(request, target)).toHaveLength(0);
});

/** Runs `act` and returns the server-action POST it made, aborted before it reached the server. */
async function captureAction(page: Page, act: () => Promise<void>): Promise<Request> {
  let captured: Request | undefined;
  await page.route("**/*", async (route) => {
    if (route.request().method() === "POST" && route.request().headers()["next-action"]) {
      captured = route.request();
      await route.abort();
    } else {
      await route.continue();
    }
  });
  await act();
  await expect.poll(() => captured !== undefined, { message: "a server-action request" }).toBe(true);
  return captured!;
}
