import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, RECORD_SCREENSHOT_DIR, stubTurnstile, test } from "./fixtures";
import { REVIEW_READING_FIXTURES } from "./seed/review-reading";

// What the public reads about reviews (extensions §4): the profile's "Client reviews" with figures,
// labels, a reply, a dispute label and a notice; the reviews page and its sort links; the report form;
// the directory card's rating. Fixtures: e2e/seed/review-reading.ts (rows written by e2e/seed/review-rows.ts).

const PROVIDER = REVIEW_READING_FIXTURES.providers[0]!;
// 5 + 2 + 4 + 5 + 3 + 5 + 1 = 25 over 7 reviews.
const AVERAGE = "3.6";

/** Phone (390 px) and desktop (1280 px) screenshots of record (of `part` when given); a phone never scrolls sideways. */
async function recordAtTwoWidths(page: Page, name: string, part?: Locator) {
  fs.mkdirSync(RECORD_SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    const file = path.join(RECORD_SCREENSHOT_DIR, `review-reading-${name}-${width}.png`);
    if (part) await part.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

test.describe.serial("review reading: a visitor reads, sorts and reports reviews", () => {
  test("the profile shows the notice, the figures and the newest reviews with their labels", async ({ page }) => {
    await page.goto(`/providers/${PROVIDER.slug}`);
    await expect(page.getByTestId("provider-notice")).toContainText(PROVIDER.notice);
    const section = page.getByTestId("client-reviews");
    await expect(section.getByRole("heading", { name: "Client reviews" })).toBeVisible();
    await expect(section).toContainText(`${AVERAGE} out of 5 from 7 reviews`);
    await expect(section).toContainText("71% would recommend them");
    await expect(section.getByRole("definition").filter({ hasText: /^3$/ }).first()).toBeVisible();
    await expect(section).toContainText("Engagement confirmed by both");
    await expect(section).toContainText("Stated by the client");
    await expect(section).toContainText("Under review by Provider Registry");
    await expect(section).toContainText("Reply from E2E Reviewed Studio");
    await expect(section).toContainText("www[.]reviewed-proof[.]example");
    // Typed text is never a link (the Report link names the review's title, and points to our report page).
    await expect(section.locator('a[href*="reviewed-proof"], a[href*="reviewed-proof[.]"]')).toHaveCount(0);
    await expect(section.getByTestId("review")).toHaveCount(3);
    await expect(section.getByRole("link", { name: "Read all 7 reviews" })).toBeVisible();
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 3.57, reviewCount: 7, bestRating: 5 });
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "profile-section", section);
  });

  test("the sort links lead to the reviews page, which pages and sorts without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/providers/${PROVIDER.slug}`);
    await page.getByRole("navigation", { name: "Sort reviews" }).getByRole("link", { name: "Lowest rated" }).click();
    await expect(page).toHaveURL(new RegExp(`/providers/${PROVIDER.slug}/reviews\\?sort=lowest$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Client reviews of E2E Reviewed Studio");
    await expect(page.getByTestId("reviews-summary")).toHaveText("Lowest rated: showing 1–7 of 7 reviews");
    await expect(page.getByTestId("review").first()).toContainText("The project ended early for us");
    await expect(page.getByRole("link", { name: "Lowest rated" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "Highest rated" }).click();
    await expect(page.getByTestId("review").first()).toContainText("Rated 5.0 out of 5");
    await expect(page.getByTestId("review").last()).toContainText("The project ended early for us");
    await context.close();
  });

  test("the reviews page passes axe and fits a phone", async ({ page }) => {
    await page.goto(`/providers/${PROVIDER.slug}/reviews?sort=highest`);
    await expect(page.getByTestId("review")).toHaveCount(7);
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "reviews-page");
  });

  test("a visitor reports a review: errors next to the fields, then a clear answer; the review stays", async ({ page }) => {
    test.setTimeout(90_000);
    await stubTurnstile(page);
    await page.goto(`/providers/${PROVIDER.slug}`);
    const review = page.getByTestId("review").filter({ hasText: "Slow answers in the second month" });
    await review.getByRole("link", { name: /^Report/ }).click();
    await expect(page.getByRole("heading", { name: "Report a review" })).toBeVisible();
    const form = page.getByRole("form", { name: "Report this review" });
    await form.getByRole("button", { name: "Send report" }).click();
    await expect(form.getByText("Choose what is wrong with the review")).toBeVisible();
    await form.getByRole("radio", { name: /Conflict of interest/ }).check();
    await form.getByLabel(/Tell us more/).fill("too short");
    await form.getByRole("button", { name: "Send report" }).click();
    await expect(form.getByLabel(/Tell us more/)).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await form.getByLabel(/Tell us more/).fill("The reviewer works for a competing agency in the same town.");
    await form.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("heading", { name: "Thank you, your report was sent" })).toBeFocused();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "report-sent");
    await page.getByRole("link", { name: "Back to the profile" }).click();
    await expect(page.getByTestId("review").filter({ hasText: "Slow answers in the second month" })).toBeVisible();
  });

  test("the directory card shows the rating", async ({ page }) => {
    await page.goto(`/providers?q=${encodeURIComponent("E2E Reviewed Studio")}`);
    const card = page.locator(`[data-testid="provider-card"][data-slug="${PROVIDER.slug}"]`);
    await expect(card.getByTestId("card-rating")).toContainText(`★ ${AVERAGE} (7 reviews)`);
    await expect(card.getByTestId("card-rating")).toContainText(`Rated ${AVERAGE} out of 5 from 7 reviews`);
  });
});
