import type { Page } from "@playwright/test";
import { NORTHWIND_TEAM } from "../scripts/seed/demo-data";
import { expect, expectNoAxeViolations, PHONE, screenshotAtWidths, signInThroughMailbox, signOut, test } from "./fixtures";
import { docsScreenshot, measureSidewaysScroll } from "./journeys-kit";

// Issue 27 item (extensions §5): the directory opens on the recommended order, explains every card
// ("Why here?", a native <details>), shows the editors' featured block on its first page only, and
// publishes its method at /how-ranking-works; the studio overview shows the provider its own score.

const FEATURED_HEADING = "Featured by the registry editors — not paid";
const cards = (page: Page) => page.getByTestId("provider-card");

test.describe("the transparent ranking", () => {
  test("the directory opens on recommended, with the editors' block on page 1 only (at most 3, labelled)", async ({ page, request }) => {
    await page.goto("/providers");
    await expect(page.getByLabel("Sort by")).toHaveValue("recommended");
    const block = page.getByRole("region", { name: FEATURED_HEADING });
    await expect(block).toBeVisible();
    const picks = block.getByTestId("featured-pick");
    const count = await picks.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(3);
    await expect(picks.getByTestId("featured-badge")).toHaveCount(count);

    // The organic list is the API's recommended order, featured providers at their own places.
    const api = await (await request.get("/api/public/studio/providers?sort=recommended")).json();
    const names = await cards(page).getByRole("heading", { level: 2 }).allInnerTexts();
    expect(names).toEqual(api.data.map((p: { name: string }) => p.name));
    for (const name of await picks.getByRole("heading", { level: 3 }).allInnerTexts()) {
      expect(api.data.map((p: { name: string }) => p.name).concat(names)).toContain(name);
    }
    await expectNoAxeViolations(page);

    await page.goto("/providers?page=2");
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole("region", { name: FEATURED_HEADING })).toHaveCount(0);
    await page.goto("/providers?sort=featured");
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole("region", { name: FEATURED_HEADING })).toHaveCount(0);
  });

  test("each card's \"Why here?\" opens by keyboard, is named for its provider, and shows four bars with sentences", async ({ page }) => {
    await page.goto("/providers");
    const card = cards(page).first();
    const name = await card.getByRole("heading", { level: 2 }).innerText();
    const summary = card.locator("summary");
    await expect(summary).toHaveAccessibleName(`Why is ${name} here?`);
    // What is shown is "Why here?": the name is read to assistive technology only.
    await expect(summary.locator(":scope > span > span")).toHaveText(`is ${name}`);
    const details = card.getByTestId("why-here");
    await expect(details).not.toHaveAttribute("open", "");

    await summary.focus();
    await expect(summary).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(details).toHaveAttribute("open", "");
    const bars = details.locator("[data-component]");
    await expect(bars).toHaveCount(4);
    await expect(details).toContainText("Verified reviews");
    await expect(details).toContainText("counted as neutral");
    await expect(details).toContainText(/Details confirmed (today|\d+ days? ago)/);
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "ranking-why-here");
    await docsScreenshot(page, "ranking-directory", { fullPage: false });

    await page.keyboard.press("Space");
    await expect(details).not.toHaveAttribute("open", "");

    // No sideways scroll on a phone with the explanation open.
    await page.setViewportSize(PHONE);
    await page.keyboard.press("Enter");
    await expect(details).toHaveAttribute("open", "");
    expect((await measureSidewaysScroll(page)).overflow).toBeLessThanOrEqual(0);
  });

  test("\"Why here?\" works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await page.goto("/providers");
    const details = cards(page).first().getByTestId("why-here");
    await details.locator("summary").click();
    await expect(details).toHaveAttribute("open", "");
    await expect(details.locator("[data-component]")).toHaveCount(4);
    await context.close();
  });

  test("/how-ranking-works publishes the weights, their reasons and what never counts, linked from the directory", async ({ page, request }) => {
    await page.goto("/providers");
    await page.getByRole("link", { name: "How ranking works" }).first().click();
    await expect(page).toHaveURL(/\/how-ranking-works$/);
    await expect(page.getByRole("heading", { level: 1, name: "How ranking works" })).toBeVisible();
    const methodology = await (await request.get("/api/public/studio/ranking")).json();
    const table = page.getByRole("table");
    for (const c of methodology.components as { key: string; label: string }[]) {
      const row = table.getByRole("row", { name: new RegExp(c.label) });
      await expect(row).toContainText(`${Math.round(methodology.weights[c.key] * 100)}%`);
    }
    await expect(page.getByText("Reviews weigh most because they are the only input from clients.")).toBeVisible();
    await expect(page.getByText("Responsiveness comes next because it is measured, not stated.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: /^Payment$/ })).toBeVisible();
    await expect(page.getByText(`Formula ${methodology.formulaVersion}`)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "how-ranking-works");
    await docsScreenshot(page, "how-ranking-works");
    await page.setViewportSize(PHONE);
    expect((await measureSidewaysScroll(page)).overflow).toBeLessThanOrEqual(0);
  });

  test("the studio overview shows the provider its own score and what would raise it", async ({ page }) => {
    await signInThroughMailbox(page, NORTHWIND_TEAM.owner.email);
    const panel = page.getByTestId("ranking-panel");
    await expect(panel.getByRole("heading", { name: "Your place in the directory" })).toBeVisible();
    await expect(panel).toContainText(/Score \d\.\d{4} of 1/);
    await expect(panel.locator("[data-component]")).toHaveCount(4);
    await expect(panel.getByRole("heading", { name: "What would raise your score" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Confirm your details" })).toHaveAttribute("href", "/studio/listing");
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "studio-ranking-panel");
    await signOut(page);
  });
});
