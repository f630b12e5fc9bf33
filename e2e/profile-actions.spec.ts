import type { Page } from "@playwright/test";
import { DESKTOP, expect, PHONE, test } from "./fixtures";
import { expectCleanInBothSchemesAndNarrow, recordAtTwoWidths } from "./journeys-kit";
import { PROFILE_ACTIONS_FIXTURES } from "./seed/profile-actions";

// Issue 31, points 1 and 2: contact is the profile's first action, and a directory card answers the
// questions its filters ask.

const OPEN = PROFILE_ACTIONS_FIXTURES.providers[0]!;
const BOOKED = PROFILE_ACTIONS_FIXTURES.providers[1]!;

/**
 * How many Tab presses after "Skip to content" reach `name` (Infinity when 12 do not): the stops a
 * keyboard user passes in the page's own content, the site's header aside.
 */
async function tabStopsTo(page: Page, name: string, limit = 12): Promise<number> {
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    if (focused === name) return presses;
  }
  return Number.POSITIVE_INFINITY;
}

test.describe("the profile puts contact first", () => {
  test("on a desktop, 'Contact {name}' sits under the name in the first screen, within a few Tab stops, and opens the form", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/providers/${OPEN.slug}`);
    const actions = page.getByTestId("profile-actions");
    const contact = actions.getByRole("link", { name: `Contact ${OPEN.name}` });
    await expect(contact).toBeInViewport();
    const nameBox = await page.getByRole("heading", { level: 1, name: OPEN.name }).boundingBox();
    const contactBox = await contact.boundingBox();
    expect(contactBox!.y).toBeGreaterThan(nameBox!.y);
    // The website is the secondary action beside it, and how quickly the provider answers is near.
    await expect(actions.getByRole("link", { name: /Visit contact-first\.example\.com/ })).toBeVisible();
    // Only the way back to the list comes before it (it was the 14th stop, after every fact and link).
    expect(await tabStopsTo(page, `Contact ${OPEN.name}`)).toBe(2);

    await contact.click();
    await expect(page.getByLabel("Your name")).toBeFocused();
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
    await expect(page.getByTestId("pinned-contact")).toBeHidden();
    await expectCleanInBothSchemesAndNarrow(page);
  });

  test("on a phone, 'Contact {name}' stays on screen while the visitor reads, and goes once the form is open", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/providers/${OPEN.slug}`);
    const pinned = page.getByTestId("pinned-contact").getByRole("link", { name: `Contact ${OPEN.name}` });
    await page.getByRole("heading", { name: "At a glance" }).scrollIntoViewIfNeeded();
    await expect(pinned).toBeInViewport();
    const box = await pinned.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(PHONE.height - 80);
    await recordAtTwoWidths(page, "profile-contact-first");

    await pinned.click();
    await expect(page.getByLabel("Your name")).toBeFocused();
    await expect(page.getByTestId("pinned-contact")).toBeHidden();
    await expectCleanInBothSchemesAndNarrow(page);
  });

  test("a provider not taking clients says so under its name and shows similar providers that are", async ({ page }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/providers/${BOOKED.slug}`);
      const actions = page.getByTestId("profile-actions");
      await expect(actions).toContainText("Not taking new clients just now.");
      await expect(page.getByTestId("pinned-contact")).toHaveCount(0);
      await actions.getByRole("link", { name: "See similar providers who are" }).click();
      await expect(page).toHaveURL(/#similar$/);
      const similar = page.getByRole("region", { name: "Similar providers taking new clients" });
      await expect(similar).toBeInViewport();
      const cards = similar.getByTestId("similar-provider");
      await expect(cards.first()).toBeVisible();
      expect(await cards.count()).toBeLessThanOrEqual(3);
      for (const accepting of await cards.getByTestId("card-accepting").allInnerTexts()) expect(accepting).toBe("Accepting new clients");
      await expect(similar.getByRole("link", { name: "See more providers taking new clients" })).toHaveAttribute(
        "href",
        "/providers?specialty=DATA&acceptingClients=true",
      );
    }
    await expectCleanInBothSchemesAndNarrow(page);
    await recordAtTwoWidths(page, "profile-not-taking-clients");
  });
});

test.describe("a directory card answers the filter questions", () => {
  test("shows location, team size, rate, minimum project and whether the provider takes new clients", async ({ page }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/providers?q=${encodeURIComponent("E2E Contact First")}`);
      const card = page.locator(`[data-testid=provider-card][data-slug=${OPEN.slug}]`);
      await expect(card.getByTestId("card-accepting")).toHaveText("Accepting new clients");
      const facts = card.getByTestId("card-facts");
      await expect(facts.locator("dd")).toHaveText(["Lisbon, Portugal or remote", "2–9 people", "$50–99 an hour", "Projects from $5,000"]);
      // Each value keeps its term for a screen reader.
      await expect(facts.locator("dt")).toHaveText(["Location", "Team size", "Hourly rate", "Minimum project"]);

      await page.goto(`/providers?q=${encodeURIComponent("E2E Fully Booked")}`);
      const booked = page.locator(`[data-testid=provider-card][data-slug=${BOOKED.slug}]`);
      await expect(booked.getByTestId("card-accepting")).toHaveText("Not taking new clients");
      await expect(booked.getByTestId("card-facts")).toContainText("Oslo, Norway");
    }
    await page.goto("/providers?specialty=data");
    await expectCleanInBothSchemesAndNarrow(page);
    await recordAtTwoWidths(page, "directory-cards-with-facts");
  });
});
