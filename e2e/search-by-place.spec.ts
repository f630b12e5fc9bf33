import { DESKTOP, expect, PHONE, test } from "./fixtures";
import { expectCleanInBothSchemesAndNarrow, recordAtTwoWidths } from "./journeys-kit";
import { PROFILE_ACTIONS_FIXTURES } from "./seed/profile-actions";

// Issue 31, point 8: the directory's search knows where providers are, and a search with no match
// says which one filter to drop.

const LISBON = PROFILE_ACTIONS_FIXTURES.providers[0]!;
const cardNames = (page: import("@playwright/test").Page) => page.getByTestId("provider-card").getByRole("heading").allInnerTexts();

for (const [label, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
  test(`a search finds providers by city and by country (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/providers");
    const box = page.getByRole("searchbox", { name: "Search" });
    await box.fill("Berlin");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/providers\?q=Berlin$/);
    await expect.poll(() => cardNames(page)).toContain("Northwind Studio");
    // With a term the best match comes first, though the list was shown in the recommended order.
    await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
    const best = await (await page.request.get("/api/public/studio/providers?q=Berlin&sort=relevance")).json();
    expect(await cardNames(page)).toEqual(best.data.map((p: { name: string }) => p.name));
    for (const name of await cardNames(page)) expect(name).not.toBe(LISBON.name);

    await page.goto("/providers?q=portugal");
    await expect.poll(() => cardNames(page)).toContain(LISBON.name);
  });
}

test("a search with no match names the one filter to drop, with how many providers it would show", async ({ page }) => {
  // Lisbon has a design studio (demo data) and a data shop taking clients (this spec's fixture), none of 10–49 people.
  await page.goto("/providers?q=lisbon&specialty=data&teamSize=10-49");
  const empty = page.getByTestId("empty-state");
  await expect(empty.getByRole("heading", { name: "No providers match these filters" })).toBeVisible();
  const drop = empty.getByTestId("drop-a-filter");
  const withoutTeam = drop.getByRole("link", { name: "Without “Team: 10–49 people”: 1 provider" });
  await expect(withoutTeam).toBeVisible();
  // Dropping the specialty leaves Lisbon and 10–49 people: nobody, so it is not offered.
  await expect(drop.getByRole("link", { name: /Specialty/ })).toHaveCount(0);
  await expectCleanInBothSchemesAndNarrow(page);
  await recordAtTwoWidths(page, "directory-drop-a-filter");

  await withoutTeam.click();
  await expect(page).toHaveURL(/\/providers\?specialty=data&q=lisbon$/);
  await expect.poll(() => cardNames(page)).toEqual([LISBON.name]);
});
