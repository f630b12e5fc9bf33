import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

// Shared fixtures for the browser tests: the local mailbox, a Turnstile stand-in, axe checks and
// screenshots saved as artifacts (e2e-artifacts/screenshots, not committed).

/**
 * A token the siteverify stand-in (e2e/start-server.mjs) accepts as solved on this site by the widget
 * that declared `action` (lib/captcha/turnstile-actions.ts): Cloudflare's documented dummy token with the
 * action after a colon. The server checks the action, so a token of one form is refused by another.
 */
export function turnstileToken(action: "apply" | "inquiry" | "report" | "signin" | "privacy"): string {
  return `XXXX.DUMMY.TOKEN.XXXX:${action}`;
}
/** The apply form's token: what an API client sends with an interest application. */
export const TURNSTILE_DUMMY_TOKEN = turnstileToken("apply");
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "..", "e2e-artifacts", process.env.E2E_RUN ? `screenshots-${process.env.E2E_RUN}` : "screenshots");

/**
 * Where the screenshots of record go (phone and desktop views of changed pages): `docs/screenshots/`
 * when SCREENSHOTS_OF_RECORD=1 (to refresh the committed ones), else beside the other artifacts, so
 * a test run never changes tracked files.
 */
export const RECORD_SCREENSHOT_DIR = process.env.SCREENSHOTS_OF_RECORD
  ? path.resolve(import.meta.dirname, "..", "docs", "screenshots")
  : path.join(SCREENSHOT_DIR, "of-record");

export interface MailboxEmail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

/** MAILBOX_SECRET of the server under test (e2e/playwright.config.ts makes one per run). */
export const MAILBOX_SECRET = process.env.E2E_MAILBOX_SECRET ?? "";

/** The mailbox page for `to`, with the secret in the address as a person would open it in a browser. */
export function mailboxPage(to: string): string {
  return `/dev/mailbox?to=${encodeURIComponent(to)}&secret=${encodeURIComponent(MAILBOX_SECRET)}`;
}

/** Emails the local mailbox transport delivered to `to`, newest first. */
export async function readMailbox(request: APIRequestContext, to: string): Promise<MailboxEmail[]> {
  const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`, {
    headers: { "X-Mailbox-Secret": MAILBOX_SECRET },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as MailboxEmail[];
}

/** Waits for the newest email to `to` whose subject matches, and returns it. */
export async function waitForEmail(request: APIRequestContext, to: string, subject: RegExp): Promise<MailboxEmail> {
  let found: MailboxEmail | undefined;
  await expect
    .poll(async () => {
      found = (await readMailbox(request, to)).find((m) => subject.test(m.subject));
      return Boolean(found);
    }, { message: `an email to ${to} matching ${subject}` })
    .toBe(true);
  return found!;
}

/**
 * Serves a stand-in for Cloudflare's Turnstile script: it renders nothing and hands each widget the
 * dummy token Cloudflare documents for tests, with the action the widget was rendered with
 * (turnstileToken), as a real token carries it. The server checks that token against the local
 * siteverify stand-in started by e2e/start-server.mjs, so a form whose widget declared the wrong
 * action (or none) fails its submission.
 */
export async function stubTurnstile(page: Page): Promise<void> {
  await page.route("https://challenges.cloudflare.com/turnstile/**", (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `(() => {
        const widgets = new Map();
        const tokenOf = (options) => "XXXX.DUMMY.TOKEN.XXXX:" + (options.action || "");
        let next = 0;
        window.turnstile = {
          render(container, options) {
            const id = "stub-" + (next++);
            widgets.set(id, options);
            setTimeout(() => options.callback && options.callback(tokenOf(options)), 50);
            return id;
          },
          reset(id) { const o = widgets.get(id); if (o && o.callback) setTimeout(() => o.callback(tokenOf(o)), 50); },
          remove(id) { widgets.delete(id); },
          getResponse(id) { const o = widgets.get(id); return o ? tokenOf(o) : undefined; },
          isExpired() { return false; },
          ready(cb) { cb(); },
          execute() {},
        };
        const src = document.currentScript && document.currentScript.src;
        const onload = src && new URL(src).searchParams.get("onload");
        if (onload && typeof window[onload] === "function") window[onload]();
      })();`,
    }),
  );
}

/**
 * Which markup checks this run makes: axe, and the screenshots at two widths. A page's markup does not
 * depend on the database, so CI, which runs the suite once per database side by side on two cores,
 * splits them (.ci/run): the PGlite run, the slower of the two, runs axe (about 200 pages, the largest
 * share of the suite's CPU) and the Postgres run takes the screenshots. E2E_CHECK_MARKUP: unset or "1"
 * both (a local run checks everything), "axe", "screenshots", or "0" neither. Every other assertion
 * runs in both.
 */
const MARKUP = process.env.E2E_CHECK_MARKUP ?? "1";
const CHECK_AXE = MARKUP === "1" || MARKUP === "axe";
const TAKE_SCREENSHOTS = MARKUP === "1" || MARKUP === "screenshots";

/** No axe-core violations (WCAG 2.1 A/AA rules) on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // After a server action the App Router re-renders the head, and for a moment there may be no
  // <title>: wait for the page to settle (a page that truly has no title still fails, here).
  await expect(page, "document title").toHaveTitle(/\S/);
  if (!CHECK_AXE) return;
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, "axe-core violations").toEqual([]);
}

/** The widths pages are looked at: a common phone, the narrowest phone we support, a desktop. */
export interface Viewport {
  width: number;
  height: number;
}
export const PHONE: Viewport = { width: 390, height: 844 };
export const NARROW_PHONE: Viewport = { width: 360, height: 780 };
export const DESKTOP: Viewport = { width: 1280, height: 900 };

/** Saves a full-page screenshot at a phone and a desktop width, for reviewers. */
export async function screenshotAtWidths(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ["phone", NARROW_PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Asks for a sign-in link on /signin in this page's browser and returns the link from the newest sign-in email. */
export async function requestSignInLink(page: Page, email: string, returnTo = "/studio"): Promise<string> {
  const isSignIn = (m: MailboxEmail) => /^Sign in to/.test(m.subject);
  const before = (await readMailbox(page.request, email)).filter(isSignIn).length;
  // The suite's server has CAPTCHA configured: the sign-in form asks for the widget's token too.
  await stubTurnstile(page);
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  let link: string | undefined;
  await expect
    .poll(async () => {
      const emails = (await readMailbox(page.request, email)).filter(isSignIn);
      link = emails.length > before ? emails[0]?.links.find((l) => l.includes("/signin/confirm")) : undefined;
      return Boolean(link);
    }, { message: `a new sign-in email to ${email}` })
    .toBe(true);
  return link!;
}

/**
 * Signs `email` in the way a person does: asks for a link on /signin, opens the newest sign-in email
 * in the local mailbox in the same browser, and presses "Sign in" on the page the link opens. Ends on `returnTo`.
 */
export async function signInThroughMailbox(page: Page, email: string, returnTo = "/studio"): Promise<void> {
  const link = await requestSignInLink(page, email, returnTo);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Finish signing in" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === returnTo.split("?")[0]);
}

let drains = 0;

/**
 * Returns once every email queued before the call has been delivered, so a check that an email was
 * NOT sent can fail. It asks for one more email (a sign-in link for an address of its own, in a
 * browser context of its own) and waits for it to arrive: the server's one dispatcher claims due
 * emails oldest first and sends them one after another, so when this one is in the mailbox, nothing
 * queued before it is still waiting.
 */
export async function waitForOutboxToDrain(browser: Browser): Promise<void> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const page = await context.newPage();
    const sentinel = `outbox-drain-${Date.now()}-${++drains}@e2e.example`;
    await stubTurnstile(page);
    await page.goto("/signin");
    await page.getByLabel("Email address").fill(sentinel);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await waitForEmail(page.request, sentinel, /^Sign in to/);
  } finally {
    await context.close();
  }
}

/** Signs the current user out through the studio's button. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await page.waitForURL((url) => url.pathname === "/");
}

export const test = base;
export { expect };
