import type { Browser, Page } from "@playwright/test";
import { DEMO_PROVIDER_SLUG, PLATFORM_ADMIN } from "../scripts/seed/demo-data";
import {
  expect,
  expectNoAxeViolations,
  mailboxPage,
  NARROW_PHONE as PHONE,
  requestSignInLink,
  signInThroughMailbox,
  test,
  TURNSTILE_DUMMY_TOKEN,
  turnstileToken,
  waitForEmail,
} from "./fixtures";
import { measureSidewaysScroll } from "./journeys-kit";
import { JOURNEYS_FIXTURES } from "./seed/journeys";

// No page scrolls sideways on a 360 px phone, for each kind of person, and each page is axe clean
// there (issue 17, item 12). One page load per address. Fixtures: e2e/seed/journeys.ts (Jo owns "E2E
// Journeys Co", Max is a member, Ivo is invited; an application whose link has expired), and
// e2e/seed/inquiries.ts (the inquiry studio's owner, for the inquiry pages).

const INVITEE = JOURNEYS_FIXTURES.providers[0]!.members.find((m) => m.status === "PENDING")!.email;
const EXPIRED_TOKEN = JOURNEYS_FIXTURES.expiredApplications.find((a) => a.email.includes("phone"))!.token;
const INQUIRY_OWNER = "inquiry-owner@e2e.example";

const VISITOR_PAGES = [
  "/",
  "/providers",
  `/providers/${DEMO_PROVIDER_SLUG}`,
  "/docs/api",
  "/signin",
  "/signin/check-email?email=someone%40e2e.example",
  "/signin/error?error=Verification",
  "/studio/team",
];
// An applicant's pages: the form, the verify page, and every outcome it (or /verify/resend) can lead to.
const APPLICANT_PAGES = [
  "/apply",
  `/verify?token=${"C".repeat(43)}`,
  `/verify?token=${EXPIRED_TOKEN}`,
  ...["in-review", "decided", "expired", "invalid", "resent", "resend-limited"].map((r) => `/verify/outcome?result=${r}`),
];
const STUDIO_PAGES = ["/studio", "/studio/listing", "/studio/team", "/studio/api-keys", "/studio/activity", "/studio/invitations", "/studio/inquiries"];
const ADMIN_PAGES = [
  "/admin/applications",
  "/admin/applications?stage=ALL",
  "/admin/providers",
  "/admin/providers/e2e-journeys-co",
  "/admin/change-requests",
  "/admin/inquiries",
  "/admin/audit",
];

async function phoneBrowser(browser: Browser, email?: string, returnTo = "/studio/team"): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE });
  const page = await context.newPage();
  if (email) await signInThroughMailbox(page, email, returnTo);
  return page;
}

async function expectNoSidewaysScroll(page: Page, paths: string[]): Promise<void> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    const { overflow, culprits } = await measureSidewaysScroll(page);
    if (overflow > 0) wide.push(`${path}: ${overflow}px wider than the phone (${culprits.join(", ")})`);
    await expectNoAxeViolations(page);
  }
  expect(wide, "pages that scroll sideways at 360 px").toEqual([]);
}

/** A confirmation link of a fresh application, not yet used (the verify page with a valid token). */
async function validVerifyLink(page: Page): Promise<string> {
  const email = `phone-applicant-${Date.now()}@e2e.example`;
  const submitted = await page.request.post("/api/public/studio/providers/interest", {
    data: { fullName: "Pia Phone", email, description: "Checking the verify page on a phone.", turnstileToken: TURNSTILE_DUMMY_TOKEN },
  });
  expect(submitted.status()).toBe(201);
  const message = await waitForEmail(page.request, email, /confirm your email/i);
  const link = new URL(message.links.find((l) => l.includes("/verify?token="))!);
  return link.pathname + link.search;
}

test("a visitor's and an applicant's pages fit a 360 px phone", async ({ browser }) => {
  test.setTimeout(150_000);
  const page = await phoneBrowser(browser);
  // A real sign-in link's page (it changes nothing until its button is pressed).
  const signInConfirm = new URL(await requestSignInLink(page, `phone-visitor-${Date.now()}@e2e.example`));
  await expectNoSidewaysScroll(page, [
    ...VISITOR_PAGES,
    signInConfirm.pathname + signInConfirm.search,
    ...APPLICANT_PAGES,
    await validVerifyLink(page),
    mailboxPage("journeys-owner@e2e.example"),
  ]);
  await page.context().close();
});

for (const [role, email] of [
  ["an owner", "journeys-owner@e2e.example"],
  ["a member", "journeys-member@e2e.example"],
] as const) {
  test(`${role}'s studio pages fit a 360 px phone`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await phoneBrowser(browser, email);
    await expectNoSidewaysScroll(page, STUDIO_PAGES);
    await page.context().close();
  });
}

test("an invitee's pages (no provider yet, an invitation to accept) fit a 360 px phone", async ({ browser }) => {
  const page = await phoneBrowser(browser, INVITEE, "/studio/invitations");
  await expect(page.getByRole("button", { name: "Accept the invitation to E2E Journeys Co" })).toBeVisible();
  await expectNoSidewaysScroll(page, ["/studio", "/studio/invitations"]);
  await page.context().close();
});

test("a provider's inquiry list and an inquiry fit a 360 px phone", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await phoneBrowser(browser);
  // A delivered inquiry: sent through the public API and confirmed from its email.
  const sender = `phone-sender-${Date.now()}@e2e.example`;
  const sent = await page.request.post("/api/public/studio/providers/e2e-inquiry-studio/inquiries", {
    data: {
      name: "Phil Phone",
      email: sender,
      message: "A long enough message from a phone, with a long address: averyveryverylongmailboxname@averyverylongdomain.example.",
      turnstileToken: turnstileToken("inquiry"),
    },
  });
  expect(sent.status()).toBe(201);
  const confirmation = await waitForEmail(page.request, sender, /Confirm your message/);
  const token = new URL(confirmation.links.find((l) => l.includes("/inquiries/confirm?token="))!).searchParams.get("token")!;
  expect((await page.request.post(`/api/public/studio/providers/inquiries/verify?token=${encodeURIComponent(token)}`)).status()).toBe(200);

  await signInThroughMailbox(page, INQUIRY_OWNER, "/studio/inquiries");
  await expectNoSidewaysScroll(page, ["/studio/inquiries"]);
  const detail = await page.getByRole("link", { name: /Phil Phone/ }).first().getAttribute("href");
  await expectNoSidewaysScroll(page, [detail!]);
  await page.context().close();
});

test("a platform admin's console pages fit a 360 px phone", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE });
  const page = await context.newPage();
  await signInThroughMailbox(page, PLATFORM_ADMIN.email, "/admin/applications");
  await expectNoSidewaysScroll(page, ADMIN_PAGES);
  await context.close();
});
