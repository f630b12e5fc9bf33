import { expect, expectNoAxeViolations, screenshotAtWidths, signInThroughMailbox, test } from "./fixtures";

// A provider the registry has suspended (fixtures: e2e/seed/suspended.ts): its studio says why on
// every page and offers nothing that changes it.

const OWNER = "suspended-owner@e2e.example";
const REASON = "Several clients reported unpaid invoices; we are looking into it.";

test("a suspended provider's studio shows why on every page and is read-only", async ({ page }) => {
  await signInThroughMailbox(page, OWNER);
  const banner = page.getByRole("alert").filter({ hasText: "The registry has suspended E2E Suspended Co" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("this studio is read-only");
  await expect(banner).toContainText("its API keys are refused");
  await expect(banner).toContainText(`The registry's reason: ${REASON}`);
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "studio-suspended");

  await page.goto("/studio/listing");
  await expect(banner).toBeVisible();
  await expect(page.getByText("The listing cannot be changed while the registry has the provider suspended.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^(Save|Publish|Unpublish|Request)/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto("/studio/team");
  await expect(banner).toBeVisible();
  await expect(page.getByRole("button", { name: "Send invitation", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Remove|Resend)/ })).toHaveCount(0);
  await expect(page.getByRole("combobox")).toHaveCount(0);

  await page.goto("/studio/api-keys");
  await expect(banner).toBeVisible();
  await expect(page.getByText("Keys cannot be created or revoked while the registry has the provider suspended.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^(Create|Revoke)/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/studio");
  await expect(banner).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no sideways scrolling on a phone").toBeLessThanOrEqual(0);
});
