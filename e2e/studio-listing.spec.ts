import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAtWidths, signInThroughMailbox, test } from "./fixtures";
import { docsScreenshot, expectCleanInBothSchemesAndNarrow, recordAtTwoWidths } from "./journeys-kit";

// The studio's listing page. Fixtures: e2e/seed/listing.ts ("E2E Listing Co" starts approved,
// unpublished and without a description; "E2E Listing Pending" is published but not approved).

const PAGE = "/studio/listing";
const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const statePanel = (page: Page) => page.getByRole("region", { name: "Visibility" });
const preview = (page: Page) => page.getByTestId("listing-preview");

async function findInDirectory(page: Page, name: string) {
  await page.goto(`/providers?q=${encodeURIComponent(name)}`);
  return page.getByTestId("provider-card").filter({ has: page.getByRole("link", { name, exact: true }) });
}

test("an owner edits the listing with a live preview, publishes it into the directory and unpublishes it", async ({ page }) => {
  // Five axe checks over a listing form that now holds every profile fact: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await signInThroughMailbox(page, "listing-owner@e2e.example", PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Listing" })).toBeVisible();
  await expect(statePanel(page).getByTestId("listing-state")).toContainText("Not published");
  await expect(statePanel(page).getByText("Description — missing, required to publish")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "studio-listing-unpublished");

  // Publish is disabled without a description, with the reason.
  await expect(statePanel(page).getByRole("button", { name: "Publish" })).toBeDisabled();
  await expect(statePanel(page).getByRole("button", { name: "Publish" })).toHaveAccessibleDescription(
    "A listing needs a description before it can be published. Add it and save, then publish.",
  );
  await expect(statePanel(page).getByTestId("listing-state")).toContainText("Not published");
  await expectNoAxeViolations(page);

  // The preview follows the form before anything is saved.
  await page.getByLabel("Headline").fill("Registries, reviewed and shipped");
  await expect(preview(page).getByText("Registries, reviewed and shipped")).toBeVisible();
  await expect(page.getByText("32 of 160 characters")).toBeVisible();
  await page.getByLabel("Description").fill("We build provider registries.\n\nFast, accessible and tested.");
  await expect(preview(page).getByText("Fast, accessible and tested.")).toBeVisible();
  await page.getByRole("checkbox", { name: "Data" }).check();
  await page.getByRole("checkbox", { name: "DevOps" }).check();
  await expect(preview(page).getByRole("list", { name: "Specialties" })).toHaveText(/Data\s*DevOps/);
  await page.getByRole("textbox", { name: "Website", exact: true }).fill("not a url");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Enter a full web address starting with http:// or https://")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Website", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.getByRole("textbox", { name: "Website", exact: true }).fill("https://e2e-listing.example.com");
  await expect(preview(page).getByRole("link", { name: /Visit e2e-listing\.example\.com/ })).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(statePanel(page).getByText("Description — done")).toBeVisible();
  await expect(statePanel(page).getByRole("alert")).toHaveCount(0);
  await screenshotAtWidths(page, "studio-listing-edited");

  await statePanel(page).getByRole("button", { name: "Publish" }).click();
  await expect(statePanel(page).getByText("Published: the listing is now in the public directory.")).toBeVisible();
  await expect(statePanel(page).getByTestId("listing-state")).toContainText("Visible to the public");
  await expectNoAxeViolations(page);

  let card = await findInDirectory(page, "E2E Listing Co");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Registries, reviewed and shipped");
  await card.getByRole("link", { name: "E2E Listing Co" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E Listing Co" })).toBeVisible();
  await expect(page.getByText("Fast, accessible and tested.")).toBeVisible();

  await page.goto(PAGE);
  await statePanel(page).getByRole("button", { name: "Unpublish" }).click();
  const dialog = page.getByRole("dialog", { name: "Unpublish the listing?" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Unpublish" }).click();
  await expect(statePanel(page).getByText("Unpublished: the listing has left the public directory.")).toBeVisible();
  await expect(statePanel(page).getByTestId("listing-state")).toContainText("Not published");

  card = await findInDirectory(page, "E2E Listing Co");
  await expect(page.getByRole("heading", { level: 1, name: "Providers" })).toBeVisible();
  await expect(card).toHaveCount(0);
  const profile = await page.goto("/providers/e2e-listing-co");
  expect(profile?.status()).toBe(404);
});

test("clearing a URL saves it as none", async ({ page }) => {
  // The logo's host is not reachable from the test machine: answer it, so the checklist sees it load.
  await page.route("https://images.example.com/logo.png", (route) => route.fulfill({ contentType: "image/png", body: ONE_PIXEL_PNG }));
  await signInThroughMailbox(page, "listing-rename@e2e.example", PAGE);
  await page.getByRole("textbox", { name: "Logo URL", exact: true }).fill("https://images.example.com/logo.png");
  await page.getByRole("button", { name: "Save changes" }).click();
  // Focus lands on the result, not on <body> once the Save button is disabled while saving.
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeFocused();
  await expect(statePanel(page).getByText("Logo — done")).toBeVisible();
  await page.getByRole("button", { name: "Clear logo url" }).click();
  await expect(page.getByRole("textbox", { name: "Logo URL", exact: true })).toHaveValue("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(statePanel(page).getByText("Logo — missing, recommended")).toBeVisible();
});

test("an owner requests a slug change, sees it pending and withdraws it", async ({ page }) => {
  await signInThroughMailbox(page, "listing-rename@e2e.example", PAGE);
  const section = page.getByRole("region", { name: "Name and slug" });
  await section.getByLabel("What to change").selectOption("SLUG");
  await section.getByLabel("New slug").fill("northwind-studio");
  await section.getByRole("button", { name: "Request the change" }).click();
  await expect(section.getByText('The slug "northwind-studio" is already taken by another provider.').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await section.getByLabel("New slug").fill("e2e-listing-renamed");
  await section.getByRole("button", { name: "Request the change" }).click();
  const pending = section.getByRole("list", { name: "Pending requests" });
  await expect(pending).toContainText("e2e-listing-rename → e2e-listing-renamed");
  await expect(pending).toContainText("Waiting for an admin");
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "studio-listing-change-pending");

  await pending.getByRole("button", { name: 'Withdraw the request for slug "e2e-listing-renamed"' }).click();
  await expect(section.getByText("No pending requests.")).toBeVisible();
  await expect(section.getByRole("list", { name: "Recent decisions" })).toContainText("Withdrawn");
});

test("a member sees the listing, its state and preview, and no controls that change anything", async ({ page }) => {
  await signInThroughMailbox(page, "listing-member@e2e.example", PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Listing" })).toBeVisible();
  await expect(statePanel(page).getByTestId("listing-state")).toBeVisible();
  await expect(preview(page)).toContainText("E2E Listing Co");
  await expect(page.getByText("Your role (member) can see the listing but not change it.")).toBeVisible();
  const main = page.locator("main");
  // The studio bar's sign-out button is the only one a member gets.
  await expect(main.getByRole("button").filter({ hasNotText: "Sign out" })).toHaveCount(0);
  await expect(main.getByRole("textbox")).toHaveCount(0);
  await expect(main.getByRole("checkbox")).toHaveCount(0);
  await expect(main.getByRole("combobox")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await docsScreenshot(page, "studio-listing-member");
});

test("the preview stays in view beside the form while editing on a desktop, and below it on a phone", async ({ page }) => {
  await signInThroughMailbox(page, "listing-pending@e2e.example", PAGE);
  const previewHeading = page.getByRole("heading", { level: 2, name: "Preview" });
  const save = page.getByRole("button", { name: "Save changes" });
  await page.setViewportSize({ width: 1280, height: 900 });
  // Deep in the form, and at its end: the profile being previewed is still on screen beside it.
  for (const field of [page.getByRole("checkbox", { name: "Accepting new clients" }), save]) {
    await field.scrollIntoViewIfNeeded();
    await expect(field).toBeInViewport();
    await expect(preview(page).getByText("E2E Listing Pending", { exact: true })).toBeInViewport();
    await expect(preview(page).getByText("Waiting for approval")).toBeInViewport();
  }

  // A phone has one column: the preview follows the form, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const [saveBox, previewBox] = [await save.boundingBox(), await previewHeading.boundingBox()];
  expect(previewBox!.y).toBeGreaterThan(saveBox!.y);
  await expectCleanInBothSchemesAndNarrow(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await recordAtTwoWidths(page, "studio-listing-editor");
});

test("a published listing of a provider awaiting approval says the public cannot see it", async ({ page }) => {
  await signInThroughMailbox(page, "listing-pending@e2e.example", PAGE);
  const state = statePanel(page).getByTestId("listing-state");
  await expect(state).toContainText("Published");
  await expect(state).toContainText("Awaiting approval");
  await expect(state).toContainText("Not visible to the public");
  await expect(statePanel(page).getByText(/has not approved this provider yet, so the public cannot see it/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the listing page without a session sends people to sign in and back", async ({ page }) => {
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fstudio%2Flisting$/);
});
