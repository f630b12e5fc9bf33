// Content security policy (production build, see docs/reliability.md, "Security", 12): no page
// allows inline scripts wholesale ('unsafe-inline'), every inline script a page carries is allowed
// by its own policy (a nonce for pages rendered per request, digests for pages from the cache), and
// a real browser reports no violation on any page, anonymous or signed in.
import { createHash } from "node:crypto";
import type { Page, Response } from "@playwright/test";
import { NORTHWIND_TEAM, PLATFORM_ADMIN } from "../../scripts/seed/demo-data";
import { expect, signInThroughMailbox, stubTurnstile, test } from "../fixtures";
import { appPaths } from "./app-paths";

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every securitypolicyviolation event of every document the page opens. */
async function collectViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations ?? []);
}

/** The inline scripts of an HTML document that a browser would run, with their attributes. */
function inlineScripts(html: string): { attributes: string; body: string }[] {
  const out: { attributes: string; body: string }[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = m[1]!;
    if (/(?:^|\s)src\s*=/i.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    out.push({ attributes, body: m[2]! });
  }
  return out;
}

/** The page's policy allows each of its inline scripts, and none by 'unsafe-inline'. */
async function expectPolicyCoversScripts(response: Response, what: string): Promise<void> {
  // allHeaders(): headers() leaves out security headers for navigations.
  const csp = (await response.allHeaders())["content-security-policy"] ?? "";
  const script = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src ")) ?? "";
  expect.soft(script, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect.soft(csp, `${what}: img-src`).toMatch(/img-src 'self' https: data: blob:(;|$)/);
  const nonce = /'nonce-([^']+)'/.exec(script)?.[1];
  const scripts = inlineScripts(await response.text());
  expect.soft(scripts.length, `${what}: inline scripts found`).toBeGreaterThan(0);
  for (const { attributes, body } of scripts) {
    const digest = `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
    const allowed = script.includes(digest) || (nonce !== undefined && attributes.includes(`nonce="${nonce}"`));
    expect.soft(allowed, `${what}: inline script ${body.slice(0, 60)} is allowed by ${script.slice(0, 120)}`).toBe(true);
  }
}

async function visitAll(page: Page, paths: string[], label: string): Promise<void> {
  const violations = await collectViolations(page);
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response, `${label} ${path}`).not.toBeNull();
    await page.waitForLoadState("networkidle");
    await expectPolicyCoversScripts(response!, `${label} ${path} → ${response!.status()}`);
    expect.soft(await violations(), `${label} ${path}: violations`).toEqual([]);
  }
}

// Pages that render differently by query, and pages served from the cache on the second visit.
const EXTRA = ["/providers?specialty=DESIGN", "/providers?q=design", "/providers?page=2", "/no-such-page", "/providers/no-such-provider"];

test("every page's policy allows its own inline scripts and nothing inline else; no violation, anonymous", async ({ page }) => {
  test.setTimeout(120_000);
  await stubTurnstile(page);
  const pages = appPaths("page.tsx").filter((p) => !p.startsWith("/studio") && !p.startsWith("/admin"));
  expect(pages.length).toBeGreaterThan(10);
  await visitAll(page, [...pages, ...EXTRA, ...pages.filter((p) => p.startsWith("/providers")), "/"], "anonymous");
});

test("a page from the cache carries its scripts' digests, a page rendered per request a fresh nonce", async ({ request }) => {
  await request.get("/providers/northwind-studio");
  const cached = await request.get("/providers/northwind-studio");
  expect(cached.headers()["x-nextjs-cache"]).toBe("HIT");
  expect(cached.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[^']+')+ https:\/\/challenges\.cloudflare\.com/);
  expect(cached.headers()["x-registry-script-hashes"]).toBeUndefined();
  const [a, b] = [await request.get("/apply"), await request.get("/apply")];
  const nonce = (r: typeof a) => /'nonce-([^']+)'/.exec(r.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce(a)).toBeTruthy();
  expect(nonce(a)).not.toBe(nonce(b));
});

test("studio and admin pages: no violation and every inline script allowed, signed in", async ({ browser }) => {
  test.setTimeout(120_000);
  for (const [email, prefix, landing] of [
    [NORTHWIND_TEAM.owner.email, "/studio", "/studio"],
    [PLATFORM_ADMIN.email, "/admin", "/admin/applications"],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughMailbox(page, email, landing);
    await visitAll(page, appPaths("page.tsx").filter((p) => p.startsWith(prefix)), email);
    await context.close();
  }
});
