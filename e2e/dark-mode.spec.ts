import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signInThroughMailbox, test } from "./fixtures";
import { measureSidewaysScroll, recordAtTwoWidths } from "./journeys-kit";
import { PROFILE_ACTIONS_FIXTURES } from "./seed/profile-actions";

// Issue 31, point 10: a visitor whose system asks for dark pages gets them, and every kind of page
// stays readable (axe's contrast rules included) in that scheme: the public pages, a studio and the
// console. The issue-31 specs check their own pages in both schemes too (expectCleanInBothSchemesAndNarrow).

test.use({ colorScheme: "dark" });

/** The page's background is dark and its text light: the dark palette is in use, not the light one. */
async function expectDarkPalette(page: Page): Promise<void> {
  const { bg, text } = await page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { bg: style.backgroundColor, text: style.color };
  });
  const lightness = (rgb: string) => {
    const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
    return (r + g + b) / 3;
  };
  expect(lightness(bg), `background ${bg}`).toBeLessThan(60);
  expect(lightness(text), `text ${text}`).toBeGreaterThan(180);
}

async function expectReadableInDark(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expectDarkPalette(page);
  await expectNoAxeViolations(page);
  expect((await measureSidewaysScroll(page)).overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
}

test("the public pages follow a dark system scheme and stay readable", async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of [
    "/",
    "/providers",
    "/providers?specialty=data",
    "/providers/northwind-studio",
    `/providers/${PROFILE_ACTIONS_FIXTURES.providers[1]!.slug}`,
    "/apply",
    "/signin",
    "/docs/api",
    "/how-ranking-works",
    "/privacy/request",
  ]) {
    await expectReadableInDark(page, path);
  }
  await page.goto("/providers/northwind-studio");
  await recordAtTwoWidths(page, "dark-profile");
});

test("a provider's studio follows a dark system scheme and stays readable", async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughMailbox(page, PROFILE_ACTIONS_FIXTURES.providers[0]!.owner.email, "/studio");
  for (const path of ["/studio", "/studio/listing", "/studio/inquiries", "/studio/team", "/studio/activity"]) {
    await expectReadableInDark(page, path);
  }
  await page.goto("/studio/listing");
  await recordAtTwoWidths(page, "dark-studio-listing");
});

test("the console follows a dark system scheme and stays readable", async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughMailbox(page, "admin@provider-registry.example", "/admin/applications");
  for (const path of ["/admin/applications", "/admin/providers", "/admin/reviews", "/admin/audit"]) {
    await expectReadableInDark(page, path);
  }
});
