import { DESKTOP, expect, PHONE, test } from "./fixtures";
import { expectCleanInBothSchemesAndNarrow, recordAtTwoWidths } from "./journeys-kit";

// Issue 31, point 7: the directory on a phone. The filter panel says how many results the choices
// give and folds away to show them; a page turn lands on the new page's results, panel folded; and
// "Back to results" from a profile returns to the card the visitor left, not to the top of the list.

const summary = (page: import("@playwright/test").Page) => page.getByTestId("results-summary");
const panel = (page: import("@playwright/test").Page) => page.locator("form[role=search] details");

test.describe("the directory on a phone", () => {
  test.use({ viewport: PHONE });

  test("'Show N results' folds the filter panel and lands on the results", async ({ page }) => {
    await page.goto("/providers");
    await page.getByText("Filters", { exact: true }).click();
    await expect(panel(page)).toHaveAttribute("open", "");
    await page.getByLabel("Specialty", { exact: true }).selectOption("design");
    await expect(page).toHaveURL(/\/providers\?specialty=design$/);
    const total = Number(/of (\d+)$/.exec((await summary(page).innerText()).trim())?.[1]);
    expect(total).toBeGreaterThan(0);
    const show = page.getByRole("button", { name: `Show ${total} results` });
    await expectCleanInBothSchemesAndNarrow(page);
    await recordAtTwoWidths(page, "directory-phone-filters-open");

    await show.click();
    await expect(panel(page)).not.toHaveAttribute("open");
    await expect(summary(page)).toBeFocused();
    await expect(summary(page)).toBeInViewport();
  });

  test("a page turn folds the filter panel and moves focus to the new page's results", async ({ page }) => {
    await page.goto("/providers");
    await page.getByText("Filters", { exact: true }).click();
    await expect(panel(page)).toHaveAttribute("open", "");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: /next page/i }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(summary(page)).toContainText("showing 21–");
    await expect(summary(page)).toBeFocused();
    await expect(panel(page)).not.toHaveAttribute("open");
  });
});

for (const [label, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
  test(`'Back to results' returns to the card the visitor left, focused (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/providers?page=2");
    const card = page.getByTestId("provider-card").nth(7);
    const slug = await card.getAttribute("data-slug");
    await card.getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/providers/${slug}\\?from=`));
    // The way back reads the list from the address once the page's script runs (the page is cached HTML).
    await expect(page.getByTestId("back-to-results")).toHaveAttribute("href", `/providers?page=2#card-${slug}`);
    await page.getByTestId("back-to-results").click();
    await expect(page).toHaveURL(new RegExp(`/providers\\?page=2#card-${slug}$`));
    const back = page.locator(`[data-testid=provider-card][data-slug="${slug}"]`);
    await expect(back).toBeInViewport();
    await expect(back.getByRole("heading").getByRole("link")).toBeFocused();
  });
}
