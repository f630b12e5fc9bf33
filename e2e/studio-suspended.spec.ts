import { PLATFORM_ADMIN } from "../scripts/seed/demo-data";
import {
  expect,
  expectNoAxeViolations,
  readMailbox,
  screenshotAtWidths,
  signInThroughMailbox,
  test,
  waitForEmail,
  waitForOutboxToDrain,
} from "./fixtures";
import { expectCleanInBothSchemesAndNarrow, recordAtTwoWidths } from "./journeys-kit";

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

// The admin's side of a suspension (issue 31): the dialog says what truly stops, refuses an empty
// reason in place, and the reason then reaches the owners by email and their studio's banner.
const ADMIN = PLATFORM_ADMIN.email;
const JOURNEY = {
  name: "E2E Suspend Journey",
  slug: "e2e-suspend-journey",
  owner: "suspend-journey-owner@e2e.example",
  member: "suspend-journey-member@e2e.example",
  reason: "Three clients reported invoices for work that was never delivered.",
};

test("an admin suspends with a required reason: the owners are emailed it, the studio shows it, reinstating emails them too", async ({ page, browser }) => {
  await signInThroughMailbox(page, ADMIN, `/admin/providers/${JOURNEY.slug}`);
  await page.getByRole("button", { name: "Suspend" }).click();
  const dialog = page.getByRole("dialog", { name: `Suspend ${JOURNEY.name}?` });
  await expect(dialog).toContainText("its API keys are refused on every request");
  await expect(dialog).toContainText("its studio is read-only");
  await expect(dialog).not.toContainText("keep working");

  // An empty reason is refused in place: the dialog stays open, the field says why and has focus.
  await dialog.getByRole("button", { name: "Suspend" }).click();
  const reason = dialog.getByRole("textbox", { name: "Reason (required)" });
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toHaveAccessibleDescription(/Say why the provider is suspended: its owners are emailed this reason/);
  await expectCleanInBothSchemesAndNarrow(page);
  await recordAtTwoWidths(page, "admin-suspend-reason-required");

  await reason.fill(JOURNEY.reason);
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog).toBeHidden();
  // Focus lands on the result, so a keyboard or screen-reader user hears what happened.
  await expect(page.getByRole("status").filter({ hasText: "Suspended: it has left the public directory and its owners have been emailed the reason." })).toBeFocused();
  await expect(page.getByRole("button", { name: "Reinstate" })).toBeVisible();
  await expectCleanInBothSchemesAndNarrow(page);

  const suspended = await waitForEmail(page.request, JOURNEY.owner, /has been suspended/);
  expect(suspended.text).toContain(`Provider: “${JOURNEY.name}”`);
  expect(suspended.text).toContain(`> ${JOURNEY.reason}`);
  expect(suspended.text).toContain("its API keys are refused on every request");

  const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const owner = await ownerContext.newPage();
    await signInThroughMailbox(owner, JOURNEY.owner);
    const banner = owner.getByRole("alert").filter({ hasText: `The registry has suspended ${JOURNEY.name}` });
    await expect(banner).toContainText(`The registry's reason: ${JOURNEY.reason}`);
    await expectCleanInBothSchemesAndNarrow(owner);
    await recordAtTwoWidths(owner, "studio-suspended-reason");
  } finally {
    await ownerContext.close();
  }

  await page.getByRole("button", { name: "Reinstate" }).click();
  await page.getByRole("dialog", { name: `Reinstate ${JOURNEY.name}?` }).getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reinstated: its owners have been emailed." })).toBeFocused();
  const reinstated = await waitForEmail(page.request, JOURNEY.owner, /has been reinstated/);
  expect(reinstated.text).toContain("its API keys work again");

  // A plain member is told by the studio, not by email: only the owners answer for the provider.
  await waitForOutboxToDrain(browser);
  const memberMail = (await readMailbox(page.request, JOURNEY.member)).map((m) => m.subject);
  expect(memberMail.filter((s) => /suspended|reinstated/.test(s))).toEqual([]);
});
