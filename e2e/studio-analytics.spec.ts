import { recordAtTwoWidths } from "./journeys-kit";
import { expect, expectNoAxeViolations, signInThroughMailbox, test } from "./fixtures";
import { ANALYTICS_FIXTURES } from "./seed/analytics";

// Provider analytics (extensions §7): a visitor browses a listing, the instance's 10 s flush writes the
// counts, and the owner reads them in the studio. Public pages set no cookie. Fixtures: e2e/seed/analytics.ts.

const PROVIDER = ANALYTICS_FIXTURES.providers[0]!;
/** A desktop Chrome: Playwright's own "HeadlessChrome" is, rightly, a bot to the beacon. */
const VISITOR_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test.describe.serial("studio analytics: counted without cookies, read by the team", () => {
  test("no public page sets a cookie, and neither does the beacon", async ({ request }) => {
    for (const url of ["/", "/providers", `/providers/${PROVIDER.slug}`, "/how-ranking-works", "/providers?q=analytics"]) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBeLessThan(400);
      expect(response.headers()["set-cookie"], `${url} sets a cookie`).toBeUndefined();
    }
    const beacon = await request.post("/api/public/studio/events", {
      data: { type: "profile_view", slug: PROVIDER.slug },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(beacon.status()).toBe(204);
    expect(beacon.headers()["set-cookie"]).toBeUndefined();
  });

  test("a visitor's search, view and contact open reach the owner's analytics after the flush", async ({ browser, page }) => {
    test.setTimeout(120_000);
    const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL, userAgent: VISITOR_UA });
    const v = await visitor.newPage();
    // A beacon's Blob body is not always visible to the test: count the beacons answered instead.
    let beacons = 0;
    v.on("response", (r) => {
      if (r.url().endsWith("/api/public/studio/events") && r.status() === 204) beacons += 1;
    });
    await v.goto(`/providers?q=${encodeURIComponent(PROVIDER.name)}`);
    await expect(v.getByRole("link", { name: new RegExp(PROVIDER.name) }).first()).toBeVisible();
    await expect.poll(() => beacons).toBe(1);
    await v.goto(`/providers/${PROVIDER.slug}`);
    await expect.poll(() => beacons).toBe(2);
    await v.getByTestId("profile-actions").getByRole("link", { name: `Contact ${PROVIDER.name}` }).click();
    await expect.poll(() => beacons).toBe(3);
    expect(await visitor.cookies()).toEqual([]);
    await visitor.close();

    await signInThroughMailbox(page, PROVIDER.owner.email, "/studio/analytics");
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    await expect(page.getByText(/no cookies; bots and your own team's visits excluded; one visitor counted once per day; days are UTC/)).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = page.getByRole("row", { name: new RegExp(`^${today}`) });
    // The flush runs every 10 s: read the page again until today's row carries the visit.
    await expect
      .poll(
        async () => {
          await page.reload();
          // Views, visitors, clicks, opens: search appearances also count other specs' browsing of the directory.
          return (await todayRow.getByRole("cell").allInnerTexts()).slice(1, 5).join(" ");
        },
        { timeout: 45_000, intervals: [2_000] },
      )
      .toBe("1 1 0 1");
    await expect(page.getByRole("img", { name: /Profile views per day from .*: 1 in all/ })).toBeVisible();
    await expect(page.getByRole("table", { name: "Counts per day (UTC), newest first" })).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "analytics-studio");

    // The period picker works as a plain GET form.
    await page.getByRole("combobox", { name: "Period" }).selectOption("7");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/period=7/);
    await expect(page.getByRole("table", { name: "Counts per day (UTC), newest first" }).locator("tbody tr")).toHaveCount(7);
  });
});
