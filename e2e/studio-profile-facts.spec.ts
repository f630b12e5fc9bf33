import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { PLATFORM_ADMIN } from "../scripts/seed/demo-data";
import { expect, expectNoAxeViolations, RECORD_SCREENSHOT_DIR, signInThroughMailbox, signOut, test } from "./fixtures";

// Profile facts (issue 15 items 2-3, issue 17 items 10-11). Fixture: e2e/seed/listing.ts ("E2E Facts
// Co" starts approved, unpublished and without facts). Image hosts are answered (or failed) here.

const PAGE = "/studio/listing";
const SCREENSHOTS = RECORD_SCREENSHOT_DIR;
const IMAGES = "https://images.e2e-facts.example";
const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const statePanel = (page: Page) => page.getByRole("region", { name: "Visibility" });
const preview = (page: Page) => page.getByTestId("listing-preview");

/** Answers the image host: "broken" addresses fail, and so does every image while `down.images` is set. */
async function answerImages(page: Page, down = { images: false }): Promise<void> {
  await page.route(`${IMAGES}/**`, (route) =>
    route.request().url().includes("broken") || down.images
      ? route.abort()
      : route.fulfill({ contentType: "image/png", body: ONE_PIXEL_PNG, headers: { "Cache-Control": "no-store" } }),
  );
}

/** Phone and desktop screenshots into docs/screenshots, after checking nothing scrolls sideways. */
async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 860 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
    if (width !== 360) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

test("an owner fills every profile fact in the studio and sees them on the public profile", async ({ page }) => {
  // A long journey (two pages, four axe checks, three widths of screenshots) on a shared machine.
  test.setTimeout(150_000);
  const imageHost = { images: false };
  await answerImages(page, imageHost);
  await signInThroughMailbox(page, "facts-owner@e2e.example", PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Listing" })).toBeVisible();

  // Images: the checklist counts one only when the browser loads it, with a thumbnail.
  await page.getByRole("textbox", { name: "Logo URL", exact: true }).fill(`${IMAGES}/logo.png`);
  await page.getByRole("textbox", { name: "Banner URL", exact: true }).fill(`${IMAGES}/broken-banner.png`);

  await page.getByLabel("Country").selectOption({ label: "Germany" });
  await page.getByLabel("City").fill("Berlin");
  await page.getByLabel("We work with clients remotely").uncheck();
  const languagePick = page.getByLabel("Language to add");
  for (const language of ["German", "English", "French"]) {
    await languagePick.selectOption({ label: language });
    await page.getByRole("button", { name: "Add language" }).click();
  }
  await page.getByRole("button", { name: "Remove English" }).click();
  await expect(page.getByRole("list", { name: "Chosen languages" })).toHaveText(/German[\s\S]*French/);
  await page.getByLabel("Team size").selectOption({ label: "10–49 people" });
  await page.getByLabel("Hourly rate").selectOption({ label: "$100–149 an hour" });
  await page.getByLabel("Minimum project budget").fill("20 000");
  await page.getByLabel("Founded").fill(String(new Date().getUTCFullYear() + 1));
  await page.getByLabel("Accepting new clients").uncheck();

  // Portfolio: three projects added, the third removed, the second moved up.
  const addProject = page.getByRole("button", { name: "Add a project" });
  const project = (n: number) => page.getByRole("group", { name: `Project ${n}` });
  await addProject.click();
  await expect(project(1).getByLabel("Title")).toBeFocused();
  await project(1).getByLabel("Title").fill("Freight platform");
  await project(1).getByLabel("Link").fill("https://freight.e2e-facts.example/case");
  await project(1).getByLabel("Summary").fill("A booking platform for 4 000 daily shippers.");
  await project(1).getByLabel("Image URL").fill(`${IMAGES}/freight.png`);
  await addProject.click();
  await project(2).getByLabel("Title").fill("Clinic scheduling");
  await project(2).getByLabel("Link").fill("https://clinic.e2e-facts.example/");
  await addProject.click();
  await project(3).getByLabel("Title").fill("Throwaway");
  await page.getByRole("button", { name: "Remove project 3" }).click();
  await expect(project(3)).toHaveCount(0);
  await page.getByRole("button", { name: "Move up project 2" }).click();
  await expect(project(1).getByLabel("Title")).toHaveValue("Clinic scheduling");

  // The live preview follows the form before saving.
  await expect(preview(page).getByTestId("profile-facts")).toContainText("Berlin, Germany");
  await expect(preview(page).getByTestId("profile-facts")).toContainText("German, French");
  await expect(preview(page).getByTestId("portfolio").getByRole("heading", { level: 5 })).toHaveText([
    "Clinic scheduling (opens in a new tab)",
    "Freight platform (opens in a new tab)",
  ]);

  // The API's own rule refuses a year in the future, next to the field.
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Founded year cannot be in the future")).toBeVisible();
  await expect(page.getByLabel("Founded")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.getByLabel("Founded").fill("2014");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // The checklist reflects the saved facts, and which images really load.
  const checklist = page.getByRole("list", { name: "Listing checklist" });
  await expect(checklist.getByText("Logo — done")).toBeVisible();
  await expect(checklist.getByTestId("checklist-logoUrl-thumbnail")).toBeVisible();
  await expect(checklist.getByText(/Banner — does not load/)).toBeVisible();
  await expect(checklist.getByTestId("checklist-bannerUrl-thumbnail")).toHaveCount(0);
  for (const item of ["Country", "Languages", "Team size", "Hourly rate", "At least one portfolio project"]) {
    await expect(checklist.getByText(`${item} — done`)).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await screenshots(page, "studio-listing-facts");
  // The same on a phone: the thumbnail and the reason fit beside each item.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(checklist.getByTestId("checklist-logoUrl-thumbnail")).toBeVisible();
  await expect(checklist.getByText(/Banner — does not load/)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  // The overview's first steps judge the logo the same way: done once it loads, not merely saved.
  await page.goto("/studio");
  const onboarding = page.getByRole("region", { name: "Get your listing ready" });
  await expect(onboarding).toContainText("Add a logo — done");
  imageHost.images = true;
  await page.reload();
  await expect(onboarding).toContainText("Add a logo — saved, but it does not load");
  await expect(onboarding).toContainText("1 of 4 steps done");
  imageHost.images = false;
  await page.goto(PAGE);

  // The saved values come back into the form after a reload.
  await page.reload();
  await expect(page.getByLabel("Country")).toHaveValue("DE");
  await expect(page.getByLabel("Minimum project budget")).toHaveValue("20000");
  await expect(page.getByRole("group", { name: "Project 2" }).getByLabel("Title")).toHaveValue("Freight platform");

  await statePanel(page).getByRole("button", { name: "Publish" }).click();
  await expect(statePanel(page).getByTestId("listing-state")).toContainText("Visible to the public");

  // The public profile: facts panel, portfolio cards in order, JSON-LD.
  await page.goto("/providers/e2e-facts-co");
  const facts = page.getByTestId("profile-facts");
  await expect(facts.getByTestId("accepting-clients")).toHaveText("Not taking new clients at the moment");
  const expectedFacts: [term: string, value: string][] = [
    ["Location", "Berlin, Germany"],
    ["Works remotely", "No, on site only"],
    ["Languages", "German, French"],
    ["Team size", "10–49 people"],
    ["Hourly rate", "$100–149 an hour"],
    ["Minimum project", "$20,000"],
    ["Founded", "2014"],
  ];
  for (const [term, value] of expectedFacts) {
    await expect(facts.locator("div", { has: page.getByText(term, { exact: true }) })).toContainText(value);
  }
  const cards = page.getByTestId("portfolio").getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByRole("link")).toHaveAttribute("href", "https://clinic.e2e-facts.example/");
  await expect(cards.nth(1)).toContainText("A booking platform for 4 000 daily shippers.");
  await expect(cards.nth(1).locator("img")).toBeVisible();
  await expect(cards.nth(0).locator("img")).toHaveCount(0);
  await expect(cards.nth(0)).toContainText("clinic.e2e-facts.example");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    address: { "@type": "PostalAddress", addressCountry: "DE", addressLocality: "Berlin" },
    foundingDate: "2014",
    knowsLanguage: ["de", "fr"],
    numberOfEmployees: { "@type": "QuantitativeValue", minValue: 10, maxValue: 49 },
    makesOffer: { "@type": "Offer" },
  });
  await expectNoAxeViolations(page);
  await screenshots(page, "profile-facts");

  // The activity log names what was edited in words; on a phone each event is a card headed by what happened.
  await page.goto("/studio/activity");
  const edited = /^logo, banner, country, city, remote work, languages, team size, hourly rate/;
  await expect(page.getByRole("cell", { name: edited })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  // On the card the cell is labelled by its column: "Details: logo, banner, …".
  const labelled = /^Details: logo, banner, country, city, remote work, languages, team size, hourly rate/;
  const card = page.getByRole("row").filter({ has: page.getByRole("cell", { name: labelled }) }).first();
  await expect(card.getByRole("rowheader")).toHaveText("Listing edited");
  const [heading, details] = await Promise.all([card.getByRole("rowheader").boundingBox(), card.getByRole("cell", { name: labelled }).boundingBox()]);
  expect(heading!.y, "the card starts with what happened").toBeLessThan(details!.y);
  expect(details!.x + details!.width, "the details fit the phone").toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  // The admin's audit trail names the same fields in words.
  await signOut(page);
  await signInThroughMailbox(page, PLATFORM_ADMIN.email, "/admin/providers/e2e-facts-co");
  await page.getByRole("link", { name: "Audit trail of this provider" }).click();
  await expect(page.getByRole("row").filter({ hasText: "listing.updated" }).first()).toContainText(
    "fields: logo, banner, country, city, remote work, languages, team size, hourly rate",
  );
  await expectNoAxeViolations(page);
});

test("a profile without a banner starts with its name, with no empty banner block", async ({ page }) => {
  await page.goto("/providers/harbor-pine-digital");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("provider-banner")).toHaveCount(0);
  await expect(page.getByTestId("profile-facts")).toContainText("Portland, United States of America");
  await expect(page.getByTestId("portfolio").getByRole("listitem")).toHaveCount(1);
  await expectNoAxeViolations(page);
  await screenshots(page, "profile-no-banner");
});
