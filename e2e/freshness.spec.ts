import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAtWidths, signInThroughMailbox, test, waitForEmail } from "./fixtures";

// The freshness clock in the browser (extensions §6). Fixtures: e2e/seed/freshness.ts, whose seed ran
// the freshness sweep once: "E2E Stale Label Co" was confirmed 185 days ago (labelled), "E2E Hidden Co"
// 215 days ago (hidden), "E2E Reminder Co" 155 days ago (its owner has a reminder with a confirm link).

async function cardIn(page: Page, name: string) {
  await page.goto(`/providers?q=${encodeURIComponent(name)}`);
  return page.getByTestId("provider-card").filter({ has: page.getByRole("link", { name, exact: true }) });
}

test("a listing not confirmed for 180 days says so on its card and its profile", async ({ page }) => {
  const card = await cardIn(page, "E2E Stale Label Co");
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("not-confirmed-label")).toContainText(/^Details not confirmed since \d{1,2} \w+ \d{4}$/);
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "freshness-card-label");

  await card.getByRole("link", { name: "E2E Stale Label Co", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E Stale Label Co" })).toBeVisible();
  await expect(page.getByTestId("not-confirmed-label")).toContainText("Details not confirmed since");
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "freshness-profile-label");

  // A fresh listing has no label.
  const fresh = await cardIn(page, "Northwind Studio");
  await expect(fresh.getByTestId("not-confirmed-label")).toHaveCount(0);
});

test("a hidden listing answers 404 until its owner confirms in the studio, then it is back in the directory", async ({ page }) => {
  test.setTimeout(90_000);
  const response = await page.goto("/providers/e2e-hidden-co");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("hidden until the provider confirms its details")).toBeVisible();
  await expect(await cardIn(page, "E2E Hidden Co")).toHaveCount(0);

  await signInThroughMailbox(page, "hidden-owner@e2e.example", "/studio/listing");
  const panel = page.getByRole("region", { name: "Details confirmed" });
  await expect(panel.getByRole("status").or(panel.getByRole("alert"))).toContainText(
    /Hidden since .+ because the details were not confirmed for 210 days — confirm to show it again/,
  );
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "studio-freshness-hidden");

  await panel.getByRole("button", { name: "Confirm details are current" }).click();
  await expect(panel.getByText("Confirmed: the listing is back in the public directory.")).toBeVisible();
  await expect(panel.getByText(/Hidden since/)).toHaveCount(0);
  await expect(panel.getByText("Last confirmed")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "studio-freshness-current");

  await expect(await cardIn(page, "E2E Hidden Co")).toHaveCount(1);
  expect((await page.goto("/providers/e2e-hidden-co"))?.status()).toBe(200);
  await expect(page.getByTestId("not-confirmed-label")).toHaveCount(0);
});

test("the emailed confirm link shows what it confirms, confirms once on the button, and says so when used again", async ({ page }) => {
  const email = await waitForEmail(page.request, "reminder-owner@e2e.example", /confirm your listing's details/i);
  const link = email.links.find((l) => l.includes("/listing/confirm?token="))!;
  expect(link).toBeTruthy();
  const path = new URL(link).pathname + new URL(link).search;

  // Opening it changes nothing: twice, and the button is still there.
  await page.goto(path);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your listing's details" })).toBeVisible();
  await expect(page.getByText("E2E Reminder Co")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "freshness-confirm-link");

  await page.getByRole("button", { name: "Confirm the details are current" }).click();
  await expect(page.getByRole("heading", { name: "Thank you: the details are confirmed" })).toBeFocused();
  await expectNoAxeViolations(page);

  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "This link was already used" })).toBeVisible();
  await expectNoAxeViolations(page);
});
