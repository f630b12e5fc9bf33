import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PROVIDER_SLUG, DEMO_PROVIDERS } from "../scripts/seed/demo-data";
import { expect, expectNoAxeViolations, screenshotAtWidths, test } from "./fixtures";
import { LISTED_FIXTURE_PROVIDERS } from "./seed/all";

// Expectations come from the seeded demo data and the other specs' listed fixtures (published on older
// dates, never featured); the order of a page is the recommended one, read from the list API (apiOrder).
// This spec runs before the specs that change listings (see playwright.config.ts).
const PAGE_SIZE = 20;
type Listed = { name: string; headline: string; description?: string; specialties: string[]; featured?: boolean };
const listed: Listed[] = [
  ...DEMO_PROVIDERS.filter((p) => p.state === "listed").sort(
    (a, b) =>
      Number(b.featured ?? false) - Number(a.featured ?? false) || b.published.localeCompare(a.published) || a.name.localeCompare(b.name),
  ),
  ...LISTED_FIXTURE_PROVIDERS.map((p) => ({ name: p.name, headline: p.headline ?? "", description: p.description ?? "", specialties: p.facts?.specialties ?? [] })),
];
const names = (list: Listed[]) => list.map((p) => p.name);
const PAGES = Math.ceil(listed.length / PAGE_SIZE);
/** How many cards the directory's second page shows. */
const ON_PAGE_2 = Math.min(PAGE_SIZE, listed.length - PAGE_SIZE);
const featured = listed.filter((p) => p.featured);
const design = listed.filter((p) => p.specialties.includes("DESIGN"));
// The search matches every word as a prefix, in name, headline, description and specialty names.
const cloud = listed.filter((p) => /\bcloud/i.test([p.name, p.headline, p.description ?? "", ...p.specialties].join(" ")));
const hidden = { unpublished: "driftwood-digital", pendingPublished: "hollow-oak-design", suspended: "blackwater-leads" };

const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const cards = (page: Page) => page.getByTestId("provider-card");
const cardNames = (page: Page) => cards(page).getByRole("heading", { level: 2 }).allInnerTexts();

/**
 * The directory opens on the recommended order (extensions §5), whose tie-break key changes weekly:
 * the names of `expected` in the list API's recommended order, checked to be exactly those.
 */
async function apiOrder(request: APIRequestContext, search: string, expected: Listed[], sort = "recommended"): Promise<string[]> {
  const response = await request.get(`/api/public/studio/providers?${search}${search ? "&" : ""}sort=${sort}&limit=100`);
  expect(response.status()).toBe(200);
  const order = ((await response.json()) as { data: { name: string }[] }).data.map((p) => p.name);
  expect([...order].sort()).toEqual(names(expected).sort());
  return order;
}

test.describe("the provider directory", () => {
  test("is linked from the home page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Browse providers" }).click();
    await expect(page).toHaveURL(/\/providers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Providers" })).toBeVisible();
  });

  test("lists providers in the recommended order, twenty to a page", async ({ page, request }) => {
    await page.goto("/providers");
    await expect(page).toHaveTitle("Providers · Provider Registry");
    const order = (await apiOrder(request, "", listed)).slice(0, PAGE_SIZE);
    await expect.poll(() => cardNames(page)).toEqual(order);
    const badges = await cards(page).evaluateAll((els) => els.map((el) => Boolean(el.querySelector("[data-testid=featured-badge]"))));
    expect(badges).toEqual(order.map((name) => Boolean(listed.find((p) => p.name === name)?.featured)));
    await expect(page.getByTestId("results-summary")).toContainText(`1–${PAGE_SIZE} of ${listed.length}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/providers$/);
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "directory");
  });

  test("filters by specialty as soon as it is chosen, keeping the choice in the URL and the form", async ({ page, request }) => {
    await page.goto("/providers");
    await page.getByLabel("Specialty", { exact: true }).selectOption({ label: "Design" });
    await expect(page).toHaveURL(/\/providers\?specialty=design$/);
    const order = await apiOrder(request, "specialty=DESIGN", design);
    await expect.poll(() => cardNames(page)).toEqual(order);
    const shown = await cards(page).all();
    expect(shown.length, "design providers shown").toBeGreaterThan(1);
    for (const card of shown) {
      await expect(card.getByRole("list")).toContainText("Design");
    }
    await expect(page.getByLabel("Specialty", { exact: true })).toHaveValue("design");
    await expectNoAxeViolations(page);
  });

  test("shows only featured providers when asked", async ({ page, request }) => {
    await page.goto("/providers");
    await page.getByRole("checkbox", { name: "Featured only" }).check();
    await expect(page).toHaveURL(/\/providers\?featured=true$/);
    const order = await apiOrder(request, "featured=true", featured);
    await expect.poll(() => cardNames(page)).toEqual(order);
    await expect(page.getByTestId("featured-badge")).toHaveCount(featured.length);
  });

  test("searches names, headlines and descriptions", async ({ page, request }) => {
    expect(cloud.length).toBeGreaterThan(1);
    await page.goto("/providers");
    await page.getByLabel("Search", { exact: true }).fill("Cloud");
    await page.getByLabel("Search", { exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/providers\?q=Cloud$/);
    // With a search term the best match comes first (issue 31).
    const order = await apiOrder(request, "q=Cloud", cloud, "relevance");
    await expect.poll(() => cardNames(page)).toEqual(order);
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue("Cloud");
  });

  test("pages forward and back through the URL, and the back button returns", async ({ page, request }) => {
    const order = await apiOrder(request, "", listed);
    await page.goto("/providers");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: /previous/i })).toHaveCount(0);
    await pagination.getByRole("link", { name: /next page/i }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect.poll(() => cardNames(page)).toEqual(order.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    await expect(pagination).toContainText(`Page 2 of ${PAGES}`);
    await expect(pagination.getByRole("link", { name: /next page/i })).toHaveCount(PAGES > 2 ? 1 : 0);

    await page.goBack();
    await expect(page).toHaveURL(/\/providers$/);
    await expect(cards(page).first()).toContainText(order[0]!);

    await page.goForward();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await pagination.getByRole("link", { name: /previous page/i }).click();
    await expect(page).toHaveURL(/\/providers$/);
    await expect.poll(() => cardNames(page)).toEqual(order.slice(0, PAGE_SIZE));
  });

  test("keeps filters when paging and explains a page past the end", async ({ page }) => {
    await page.goto("/providers?page=99");
    await expect(page.getByRole("heading", { name: "There is no page 99" })).toBeVisible();
    // The last page is offered.
    await page.getByRole("link", { name: `page ${PAGES}` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${PAGES}\\b`));
    await expect(cards(page)).toHaveCount(listed.length - (PAGES - 1) * PAGE_SIZE);
  });

  test("says when nothing matches and offers to clear the filters", async ({ page }) => {
    await page.goto("/providers?q=no-such-provider-anywhere&specialty=data");
    const empty = page.getByTestId("empty-state");
    await expect(empty.getByRole("heading", { name: "No providers match these filters" })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await empty.getByRole("link", { name: "clear filters" }).click();
    await expect(page).toHaveURL(/\/providers$/);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });

  test("leaves out the link's filters it does not recognise, says which, and applies the rest", async ({ page, request }) => {
    const response = await page.goto("/providers?specialty=plumbing&page=0");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("status")).toContainText("not recognised");
    await expect(page.getByRole("status")).toContainText("specialty “plumbing”");
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByLabel("Specialty", { exact: true })).toHaveValue("");
    // The visitor keeps the link they followed (no redirect), so the notice can name its values.
    expect(new URL(page.url()).search).toBe("?specialty=plumbing&page=0");

    await page.goto("/providers?featured=true&country=XX");
    await expect(page.getByRole("status")).toContainText("country “XX”");
    const order = await apiOrder(request, "featured=true", featured);
    await expect.poll(() => cardNames(page)).toEqual(order);
    await expectNoAxeViolations(page);
  });
});

test.describe("the provider directory without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("submits the filter form as a plain GET and pages with plain links", async ({ page, request }) => {
    await page.goto("/providers");
    await page.getByLabel("Specialty", { exact: true }).selectOption("design");
    await page.getByRole("checkbox", { name: "Featured only" }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    // The plain form sends every field; the server answers with the list's one address.
    await expect(page).toHaveURL(/\/providers\?specialty=design&featured=true$/);
    const order = await apiOrder(request, "specialty=DESIGN&featured=true", design.filter((p) => p.featured));
    await expect.poll(() => cardNames(page)).toEqual(order);

    await page.goto("/providers");
    await page.getByRole("link", { name: /next page/i }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(cards(page)).toHaveCount(ON_PAGE_2);
  });

  test("keeps a broken logo's placeholder box in place", async ({ page, request }) => {
    const profile = await (await request.get("/api/public/studio/providers/northwind-studio")).json();
    expect(profile.logoUrl && profile.bannerUrl, "the demo seed gives northwind-studio a logo and a banner").toBeTruthy();
    await page.route((url) => url.href === profile.logoUrl || url.href === profile.bannerUrl, (route) => route.abort());
    await page.goto("/providers/northwind-studio");
    const logo = await page.getByTestId("provider-logo").boundingBox();
    expect([Math.round(logo?.width ?? 0), Math.round(logo?.height ?? 0)]).toEqual([96, 96]);
    expect((await page.getByTestId("provider-banner").boundingBox())?.height).toBeGreaterThan(40);
    await screenshotAtWidths(page, "profile-broken-images-no-js");
  });
});

test.describe("a provider profile", () => {
  const northwind = DEMO_PROVIDERS.find((p) => p.name === "Northwind Studio")!;

  test("opens from its card with name, headline, description, specialties and website", async ({ page }) => {
    await page.goto("/providers");
    await cards(page).getByRole("link", { name: northwind.name }).click();
    await expect(page).toHaveURL(/\/providers\/northwind-studio$/);
    await expect(page).toHaveTitle(`${northwind.name} · Provider Registry`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(northwind.name);
    await expect(page.getByText(northwind.headline)).toBeVisible();
    await expect(page.getByText(northwind.description)).toBeVisible();
    await expect(page.getByTestId("featured-badge")).toBeVisible();
    await expect(page.getByRole("list", { name: "Specialties" })).toHaveText(/Design[\s\S]*Development/);

    const website = page.getByRole("link", { name: /northwind-studio\.example\.com.*\(opens in a new tab\)/ });
    await expect(website).toHaveAttribute("href", "https://northwind-studio.example.com");
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("rel", /\bnoopener\b.*\bnofollow\b|\bnofollow\b.*\bnoopener\b/);

    await expect(page.getByTestId("provider-logo")).toContainText("NS");
    await expect(page.getByTestId("provider-banner")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "profile");
  });

  test("carries canonical, Open Graph and JSON-LD Organization metadata", async ({ page }) => {
    await page.goto("/providers/northwind-studio");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\/[^/]+\/providers\/northwind-studio$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", northwind.headline);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", northwind.name);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", /\/providers\/northwind-studio$/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: northwind.name,
      description: northwind.headline,
      url: "https://northwind-studio.example.com",
    });
  });

  // The seed's image URLs are never fetched from the network here: each test answers or fails them itself.
  async function northwindImages(request: APIRequestContext): Promise<{ logoUrl: string; bannerUrl: string }> {
    const profile = await (await request.get("/api/public/studio/providers/northwind-studio")).json();
    expect(profile.logoUrl && profile.bannerUrl, "the demo seed gives northwind-studio a logo and a banner").toBeTruthy();
    return profile;
  }

  test("shows its logo and banner when they load", async ({ page, request }) => {
    const { logoUrl, bannerUrl } = await northwindImages(request);
    await page.route((url) => url.href === logoUrl || url.href === bannerUrl, (route) =>
      route.fulfill({ contentType: "image/png", body: ONE_PIXEL_PNG }),
    );
    await page.goto("/providers/northwind-studio");
    for (const id of ["provider-logo", "provider-banner"]) {
      const img = page.getByTestId(id).locator("img");
      await expect(img).toBeVisible();
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    }
  });

  test("shows a placeholder where a logo or banner cannot load", async ({ page, request }) => {
    const { logoUrl, bannerUrl } = await northwindImages(request);
    await page.route((url) => url.href === logoUrl || url.href === bannerUrl, (route) => route.abort());
    await page.goto("/providers/northwind-studio");
    await expect(page.getByTestId("provider-logo").locator("img")).toHaveCount(0);
    await expect(page.getByTestId("provider-logo")).toContainText("NS");
    await expect(page.getByTestId("provider-banner").locator("img")).toHaveCount(0);
    expect((await page.getByTestId("provider-banner").boundingBox())?.height).toBeGreaterThan(40);
    await expectNoAxeViolations(page);

    await page.goto("/providers");
    const logo = cards(page).filter({ hasText: "Northwind Studio" }).getByTestId("provider-logo");
    await expect(logo.locator("img")).toHaveCount(0);
    await expect(logo).toContainText("NS");
  });
});

test.describe("profiles that are not public", () => {
  for (const [label, slug] of [["unknown", "no-such-provider"], ...Object.entries(hidden)] as const) {
    test(`answer 404 with the not-found page (${label})`, async ({ page }) => {
      const response = await page.goto(`/providers/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Provider not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Browse all providers" })).toHaveAttribute("href", "/providers");
      if (label === "unknown") {
        await expectNoAxeViolations(page);
        await screenshotAtWidths(page, "provider-not-found");
      }
    });
  }

  test("an unknown address anywhere answers 404 with the site's not-found page", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "not-found");
  });
});

test.describe("search engine files", () => {
  test("sitemap.xml lists the site pages and every published profile, and nothing hidden", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs.slice(0, 3)).toEqual(["/", "/providers", "/apply"]);
    expect(locs.filter((p) => p.startsWith("/providers/"))).toHaveLength(listed.length);
    expect(locs).toContain("/providers/northwind-studio");
    for (const slug of Object.values(hidden)) expect(locs).not.toContain(`/providers/${slug}`);
    expect(xml).toMatch(/<lastmod>2026-10-28T10:00:00\.000Z<\/lastmod>/);
  });

  test("robots.txt keeps crawlers out of private paths and names the sitemap", async ({ request, baseURL }) => {
    const text = await (await request.get("/robots.txt")).text();
    for (const path of ["/api/", "/dev/", "/studio", "/admin", "/verify"]) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test("directory and profile pages come from the page cache, with the API's shared-cache policy; the view route's own address is not public", async ({
  request,
}) => {
  // A profile opened from a list carries the list in `from`: the same cached page answers it.
  for (const url of ["/providers?specialty=design", "/providers?featured=true&page=2", `/providers/${DEMO_PROVIDER_SLUG}`, `/providers/${DEMO_PROVIDER_SLUG}?from=country%3DDE`]) {
    await request.get(url);
    const again = await request.get(url);
    expect(again.status(), url).toBe(200);
    expect(again.headers()["x-nextjs-cache"], url).toBe("HIT");
    expect(again.headers()["cache-control"], url).toBe("s-maxage=10, stale-while-revalidate=30");
  }
  // A search is never cached: every term would be a page of its own; nor are the facts' filters.
  expect((await request.get("/providers?q=cloud")).headers()["x-nextjs-cache"]).toBeUndefined();
  expect((await request.get("/providers?country=DE")).headers()["x-nextjs-cache"]).toBeUndefined();
  expect((await request.get("/providers/page/design/-/-")).status()).toBe(404);
});
