import { DESKTOP, expect, PHONE, test } from "./fixtures";
import { expectCleanInBothSchemesAndNarrow, recordAtTwoWidths } from "./journeys-kit";

// Issue 31, point 10 (in part): a home page that starts a search, and a header that says which side of
// the site a link leads to and where the visitor is.

for (const [label, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
  test(`the home page searches the directory and offers each specialty (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const search = page.getByRole("search", { name: "Search providers" });
    await search.getByRole("searchbox").fill("Northwind");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/providers\?q=Northwind$/);
    await expect(page.getByTestId("provider-card").first()).toContainText("Northwind Studio");

    await page.goto("/");
    const tiles = page.getByRole("region", { name: "Browse by specialty" });
    await expect(tiles.getByRole("link")).toHaveCount(7);
    await tiles.getByRole("link", { name: /^Design/ }).click();
    await expect(page).toHaveURL(/\/providers\?specialty=design$/);
    await expect(page.getByLabel("Specialty", { exact: true })).toHaveValue("design");
  });
}

test("the header names the providers' side 'For providers' and marks the section the visitor is in", async ({ page }) => {
  const nav = page.getByRole("navigation", { name: "Main" });
  await page.goto("/");
  await expect(nav.getByRole("link", { name: "Studio", exact: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "For providers" })).toHaveAttribute("href", "/studio");
  await expect(nav.locator("[aria-current=page]")).toHaveCount(0);
  await expectCleanInBothSchemesAndNarrow(page);
  await recordAtTwoWidths(page, "home-search");

  for (const [path, current] of [
    ["/providers", "Providers"],
    ["/providers/northwind-studio", "Providers"],
    ["/apply", "Apply"],
    ["/docs/api", "API docs"],
    ["/signin", "For providers"],
  ] as const) {
    await page.goto(path);
    await expect(nav.locator("[aria-current=page]"), path).toHaveText(current);
  }
  await expectCleanInBothSchemesAndNarrow(page);
});
