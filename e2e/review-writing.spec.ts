import { recordAtTwoWidths } from "./journeys-kit";
import { expect, expectNoAxeViolations, test, waitForEmail } from "./fixtures";
import { REVIEW_INVITATION_FIXTURE as INVITE } from "./seed/review-writing";

// A client writes a review from their invitation, then edits and withdraws it from the private link in
// their email (extensions §4). Fixtures: e2e/seed/review-writing.ts (the invitation is seeded with its token).

const WRITE_URL = `/reviews/write?token=${INVITE.token}`;
const BODY = "They rebuilt our booking site in six weeks, told us early when the payment step would take longer, and kept to the budget.";

test.describe.serial("review writing: a client reviews a provider, then edits and withdraws the review", () => {
  test("without JavaScript, an empty form comes back with every error said next to its question", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(WRITE_URL);
    await expect(page.getByRole("heading", { level: 1, name: "Review E2E Writing Studio" })).toBeVisible();
    await page.getByRole("button", { name: "Send my review" }).click();
    await expect(page.getByText("Confirm that you worked with this provider")).toBeVisible();
    await expect(page.getByText("Give the review a title")).toBeVisible();
    // What the invitation prefilled is still there.
    await expect(page.getByLabel("Your name", { exact: true })).toHaveValue(INVITE.senderName);
    await context.close();
  });

  test("the invitation's link opens a prefilled form; an empty send shows the errors; a review is sent", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(WRITE_URL);
    await expect(page.getByRole("heading", { level: 1, name: "Review E2E Writing Studio" })).toBeVisible();
    await expect(page.getByLabel("Your name", { exact: true })).toHaveValue(INVITE.senderName);
    await expect(page.getByLabel(/Your company/)).toHaveValue(INVITE.senderCompany);
    await expect(page.getByLabel(/Project budget/)).toHaveValue(INVITE.budget);

    await page.getByRole("button", { name: "Send my review" }).click();
    await expect(page.getByText("Confirm that you worked with this provider")).toBeVisible();
    await expect(page.getByText("Give the review a title")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Please check your answers" })).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "reviews-form-errors");

    await page.getByRole("checkbox", { name: "I worked with E2E Writing Studio" }).check();
    await page.getByRole("group", { name: "Where does the project stand?" }).getByRole("radio", { name: "The project is finished" }).check();
    await page.getByRole("group", { name: "Overall rating" }).getByRole("radio", { name: "4 – Very good" }).check();
    await page.getByRole("group", { name: /Communication/ }).getByRole("radio", { name: "5 – Excellent" }).check();
    await page.getByRole("group", { name: "Would you recommend E2E Writing Studio?" }).getByRole("radio", { name: "Yes" }).check();
    await page.getByLabel("Title of your review").fill("Careful work, honest estimates");
    await page.getByLabel("Your review", { exact: true }).fill(BODY);
    await page.getByRole("radio", { name: "My name and role, without the company" }).check();
    await page.getByRole("radio", { name: "Nothing was received and nobody asked me for a rating" }).check();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "reviews-form-filled");
    await page.getByRole("button", { name: "Send my review" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your review" })).toBeVisible();
    await expect(page.getByText("Your review is published after 24 hours")).toBeVisible();
    await expect(page.getByText(/We emailed you a private link to edit or withdraw it/)).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "reviews-sent");

    // The invitation is used now: its link says so plainly.
    await page.goto(WRITE_URL);
    await expect(page.getByRole("heading", { level: 1, name: "This invitation was already answered" })).toBeVisible();
    await page.goto("/reviews/write?token=not-a-real-token");
    await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the edit link from the email opens the review, saves a change, and withdraws it after asking", async ({ page, request }) => {
    test.setTimeout(90_000);
    const email = await waitForEmail(request, INVITE.senderEmail, /^We received your review/);
    const link = email.links.find((l) => l.includes("/reviews/edit?token="));
    expect(link).toBeTruthy();
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole("heading", { level: 1, name: "Your review of E2E Writing Studio" })).toBeVisible();
    await expect(page.getByLabel("Title of your review")).toHaveValue("Careful work, honest estimates");
    await expect(page.getByRole("group", { name: "Overall rating" }).getByRole("radio", { name: "4 – Very good" })).toBeChecked();
    await expect(page.getByText(/Your review is published on/)).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "reviews-edit");

    await page.getByRole("group", { name: "Overall rating" }).getByRole("radio", { name: "5 – Excellent" }).check();
    await page.getByRole("button", { name: "Save my changes" }).click();
    await expect(page.getByText("Your changes are saved.")).toBeVisible();
    await expect(page.getByRole("group", { name: "Overall rating" }).getByRole("radio", { name: "5 – Excellent" })).toBeChecked();

    await page.getByText("Withdraw my review", { exact: true }).click();
    await expect(page.getByText("Your review will never be published. This cannot be undone.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Yes, withdraw my review" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your review was withdrawn" })).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "reviews-withdrawn");

    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByText(/You withdrew this review/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save my changes" })).toHaveCount(0);
  });
});
