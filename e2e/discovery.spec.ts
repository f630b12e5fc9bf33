import type { APIRequestContext, Page } from "@playwright/test";
import { DESKTOP, expect, expectNoAxeViolations, NARROW_PHONE, PHONE, test } from "./fixtures";
import { docsScreenshot, measureSidewaysScroll } from "./journeys-kit";

// Issue 15 item 4 and issue 17 item 13: a visitor narrows the directory with its filters, reads the
// chips and the count, pages with numbered pages, opens a provider and goes back to the same list.
// Expected lists come from the list API with the same parameters, so the journey holds whichever
// specs ran before it; the demo seed gives Quarry Labs (Munich, German and English, $8,000 minimum,
// a portfolio) for the German journey.

const GERMAN_UNDER_BUDGET = "/providers?country=DE&language=de&budget=10000";

const cards = (page: Page) => page.getByTestId("provider-card");
const cardNames = (page: Page) => cards(page).getByRole("heading", { level: 2 }).allInnerTexts();
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/**
 * The names the list API gives for a directory query string (page 1 unless it names one), in the
 * directory's default order (the best match with a search term, else recommended; the API's own
 * default is the seed order).
 */
async function apiList(request: APIRequestContext, search: string): Promise<{ names: string[]; total: number }> {
  const params = new URLSearchParams(search);
  if (!params.has("sort")) params.set("sort", params.get("q") ? "relevance" : "recommended");
  const response = await request.get(`/api/public/studio/providers?${params}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { name: string }[]; total: number };
  return { names: body.data.map((p) => p.name), total: body.total };
}

async function expectNoSidewaysScrollAt360(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize(NARROW_PHONE);
  const scroll = await measureSidewaysScroll(page);
  expect(scroll.overflow, `${page.url()} scrolls sideways at 360 px: ${scroll.culprits.join(", ")}`).toBeLessThanOrEqual(0);
  if (original) await page.setViewportSize(original);
}

for (const [label, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
  test(`a visitor narrows the directory with its filters, pages, opens a provider and comes back to the same list (${label})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.goto("/providers");
    const filters = page.getByRole("search", { name: "Filter providers" });
    const summary = filters.locator("summary");
    const country = filters.getByLabel("Country");

    // The panel folds on phones ("Filters") and is open on a desktop, where its summary hides.
    if (label === "phone") {
      await expect(country).toBeHidden();
      await expect(summary).toHaveText("Filters");
      await summary.click();
    } else {
      await expect(summary).toBeHidden();
    }
    await expect(country).toBeVisible();
    // With JavaScript every change applies at once: the plain form's button is not offered.
    await expect(filters.getByRole("button", { name: "Apply filters" })).toBeHidden();
    await expectNoAxeViolations(page);

    await country.selectOption({ label: "Germany" });
    await expect.poll(() => pathAndQuery(page)).toBe("/providers?country=DE");
    await filters.getByLabel("Language").selectOption({ label: "German" });
    await expect.poll(() => pathAndQuery(page)).toBe("/providers?country=DE&language=de");
    await filters.getByLabel("Your budget").selectOption({ label: "$10,000" });
    await expect.poll(() => pathAndQuery(page)).toBe(GERMAN_UNDER_BUDGET);

    const narrowed = await apiList(request, "country=DE&language=de&budget=10000");
    expect(narrowed.names, "the demo seed has a German-speaking provider in Germany under $10,000").toContain("Quarry Labs");
    await expect.poll(() => cardNames(page)).toEqual(narrowed.names);
    const chips = page.getByRole("list", { name: "Active filters" });
    await expect(chips.getByRole("link")).toHaveText([/Country: Germany/, /Language: German/, /Budget: \$10,000/]);
    await expect(page.getByTestId("results-summary")).toHaveText(
      `Providers in Germany, speaking German, for a $10,000 budget: showing 1–${narrowed.total} of ${narrowed.total}`,
    );
    if (label === "phone") {
      await expect(summary).toHaveText("Filters (3)");
      await expect(country).toBeVisible();
      await docsScreenshot(page, "directory-filters");
    }
    await expectNoAxeViolations(page);

    // A chip takes its filter away, and the form follows.
    await chips.getByRole("link", { name: "Remove filter Budget: $10,000" }).click();
    await expect.poll(() => pathAndQuery(page)).toBe("/providers?country=DE&language=de");
    const german = await apiList(request, "country=DE&language=de");
    expect(german.total).toBeGreaterThan(narrowed.total);
    await expect.poll(() => cardNames(page)).toEqual(german.names);
    await expect(filters.getByLabel("Your budget")).toHaveValue("");
    await expect(filters.getByLabel("Country")).toHaveValue("DE");
    await expectNoAxeViolations(page);

    // The profile: its facts and portfolio, its specialties as links, and the way back to this list.
    const listUrl = pathAndQuery(page);
    await cards(page).getByRole("link", { name: "Quarry Labs" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quarry Labs");
    expect(new URL(page.url()).searchParams.get("from")).toBe("country=DE&language=de");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/providers\/quarry-labs$/);
    const facts = page.getByTestId("profile-facts");
    await expect(facts).toContainText("Munich, Germany");
    await expect(facts).toContainText("German, English");
    await expect(facts).toContainText("$8,000");
    await expect(page.getByRole("heading", { name: "Claims console for an insurer" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Specialties" }).getByRole("link", { name: "Data providers" })).toHaveAttribute(
      "href",
      "/providers?specialty=data",
    );
    const back = page.getByRole("link", { name: "Back to results" });
    // Back to this list, at the card the visitor opened (issue 31).
    await expect(back).toHaveAttribute("href", `${listUrl}#card-quarry-labs`);
    await expectNoAxeViolations(page);
    if (label === "phone") await docsScreenshot(page, "directory-profile-back");
    await back.click();
    await expect.poll(() => pathAndQuery(page)).toBe(listUrl);
    await expect.poll(() => cardNames(page)).toEqual(german.names);

    // Clear all, then a list long enough to page: numbered pages, the current one marked.
    await page.getByRole("link", { name: "Clear all" }).click();
    await expect.poll(() => pathAndQuery(page)).toBe("/providers");
    if (label === "phone") await summary.click();
    await filters.getByLabel("Works remotely").check();
    await expect.poll(() => pathAndQuery(page)).toBe("/providers?remote=true");
    const remote = await apiList(request, "remote=true");
    expect(remote.total, "enough remote-friendly providers for a second page").toBeGreaterThan(20);
    const pages = page.getByRole("navigation", { name: "Pagination" });
    await expect(pages.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
    await pages.getByRole("link", { name: "Page 2", exact: true }).click();
    await expect.poll(() => pathAndQuery(page)).toBe("/providers?remote=true&page=2");
    await expect(pages.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(pages).toContainText(`Page 2 of ${Math.ceil(remote.total / 20)}`);
    const secondPage = await apiList(request, "remote=true&page=2");
    await expect.poll(() => cardNames(page)).toEqual(secondPage.names);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScrollAt360(page);

    // A card's specialty leads to that specialty's list.
    const firstCard = cards(page).first();
    const specialty = firstCard.getByRole("list").getByRole("link").first();
    const specialtyHref = await specialty.getAttribute("href");
    expect(specialtyHref).toMatch(/^\/providers\?specialty=[a-z]+$/);

    const firstSlug = await firstCard.getAttribute("data-slug");
    await firstCard.getByRole("heading", { level: 2 }).getByRole("link").click();
    await expect(page.getByRole("link", { name: "Back to results" })).toHaveAttribute("href", `/providers?remote=true&page=2#card-${firstSlug}`);
    await expectNoSidewaysScrollAt360(page);
    await page.getByRole("link", { name: "Back to results" }).click();
    await expect.poll(() => pathAndQuery(page)).toBe("/providers?remote=true&page=2");

    await cards(page).first().getByRole("list").getByRole("link").first().click();
    await expect.poll(() => pathAndQuery(page)).toBe(specialtyHref);

    // A page past the end says so and links to the last one; it never reads "Page 9 of 2".
    await page.goto("/providers?remote=true&page=9");
    await expect(page.getByRole("heading", { name: "There is no page 9" })).toBeVisible();
    await expect(page.getByText(/Page \d+ of \d+/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    const last = Math.ceil(remote.total / 20);
    await page.getByRole("link", { name: `page ${last}`, exact: true }).click();
    await expect.poll(() => pathAndQuery(page)).toBe(`/providers?remote=true&page=${last}`);
  });
}

test("an address with empty or default parameters ends on its list's one address", async ({ page }) => {
  // Next.js rewrites ?q= to the cached view as if it were absent: the page tidies the address bar.
  await page.goto("/providers?q=&specialty=design");
  await expect.poll(() => pathAndQuery(page)).toBe("/providers?specialty=design");
  // Any other spelling reaches /providers, which redirects.
  await page.goto("/providers?q=&country=de&sort=recommended&page=1");
  await expect.poll(() => pathAndQuery(page)).toBe("/providers?country=DE");
  await expect(page.getByRole("list", { name: "Active filters" }).getByRole("link")).toHaveText([/Country: Germany/]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form still narrows the list, the URL carries no empty parameters, and chips still remove filters", async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/providers");
    const filters = page.getByRole("search", { name: "Filter providers" });
    await filters.getByLabel("Country").selectOption({ label: "Germany" });
    await filters.getByLabel("Language").selectOption({ label: "German" });
    await filters.getByLabel("Your budget").selectOption({ label: "$10,000" });
    await filters.getByRole("button", { name: "Apply filters" }).click();
    // The form sent every field (q=&specialty=&…&sort=recommended); the server answered with the list's one address.
    await expect.poll(() => pathAndQuery(page)).toBe(GERMAN_UNDER_BUDGET);
    const narrowed = await apiList(request, "country=DE&language=de&budget=10000");
    await expect.poll(() => cardNames(page)).toEqual(narrowed.names);
    await expect(filters.getByLabel("Country")).toHaveValue("DE");
    await expect(page.getByRole("list", { name: "Active filters" }).getByRole("link")).toHaveCount(3);
    // (axe needs JavaScript in the page: the journeys above check these states with it.)

    await page.getByRole("link", { name: "Remove filter Country: Germany" }).click();
    await expect.poll(() => pathAndQuery(page)).toBe("/providers?language=de&budget=10000");

    // Without JavaScript the profile cannot read `from`: its way back is the whole directory.
    await cards(page).first().getByRole("heading", { level: 2 }).getByRole("link").click();
    await expect(page.getByTestId("back-to-results")).toHaveAttribute("href", "/providers");
  });

  test("an address with default or differently spelled parameters is redirected by the server", async ({ page }) => {
    const response = await page.goto("/providers?q=&specialty=DESIGN&featured=false&sort=recommended&page=1&country=");
    expect(response?.request().redirectedFrom()?.url()).toContain("specialty=DESIGN");
    await expect.poll(() => pathAndQuery(page)).toBe("/providers?specialty=design");
  });
});
