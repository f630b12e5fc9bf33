import type { Browser, Page } from "@playwright/test";
import { DEMO_PROVIDER_SLUG, PLATFORM_ADMIN } from "../scripts/seed/demo-data";
import { expect, expectNoAxeViolations, mailboxPage, signInThroughMailbox, test } from "./fixtures";
import { measureSidewaysScroll } from "./journeys-kit";

// No page scrolls sideways on a 360 px phone, for each kind of person, and each page is axe clean
// there (issue 17, item 12). Fixtures: e2e/seed/journeys.ts (Jo owns "E2E Journeys Co", Max is a member).

const PHONE = { width: 360, height: 780 };

const VISITOR_PAGES = ["/", "/providers", `/providers/${DEMO_PROVIDER_SLUG}`, "/docs/api", "/signin", "/studio/team"];
// An applicant's pages: the form, the verify page, and where it can lead.
const APPLICANT_PAGES = [
  "/apply",
  `/verify?token=${"C".repeat(43)}`,
  "/verify/outcome?result=in-review",
  "/verify/outcome?result=expired",
  "/verify/outcome?result=resent",
];
const STUDIO_PAGES = ["/studio", "/studio/listing", "/studio/team", "/studio/api-keys", "/studio/activity", "/studio/invitations"];
const ADMIN_PAGES = [
  "/admin/applications",
  "/admin/applications?stage=ALL",
  "/admin/providers",
  "/admin/providers/e2e-journeys-co",
  "/admin/change-requests",
  "/admin/audit",
];

async function phoneBrowser(browser: Browser, email?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE });
  const page = await context.newPage();
  if (email) await signInThroughMailbox(page, email, "/studio/team");
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

test("a visitor's and an applicant's pages fit a 360 px phone", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await phoneBrowser(browser);
  await expectNoSidewaysScroll(page, [...VISITOR_PAGES, ...APPLICANT_PAGES, mailboxPage("journeys-owner@e2e.example")]);
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

test("a platform admin's console pages fit a 360 px phone", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE });
  const page = await context.newPage();
  await signInThroughMailbox(page, PLATFORM_ADMIN.email, "/admin/applications");
  await expectNoSidewaysScroll(page, ADMIN_PAGES);
  await context.close();
});
