import { PLATFORM_ADMIN } from "../scripts/seed/demo-data";
import {
  expect,
  expectNoAxeViolations,
  signInThroughMailbox,
  signOut,
  stubTurnstile,
  test,
  turnstileToken,
  waitForEmail,
} from "./fixtures";
import { REPORTS_FIXTURES } from "./seed/reports";
import { recordAtTwoWidths } from "./journeys-kit";

// Reports of outdated information (extensions §6): a visitor reports from the profile, the team answers
// in the studio, the reporter is told once, and the admin dismisses what is left. Fixtures: e2e/seed/reports.ts.

const PROVIDER = REPORTS_FIXTURES.providers[0]!;
const OWNER = PROVIDER.owner.email;
const REPORTER = `reporter-${Date.now()}@example.com`;
const NOTE = "Their office moved from Leeds to Lisbon last year.";

test.describe.serial("reports: a visitor reports outdated information and the team answers it", () => {
  test("a visitor reports from the profile, by keyboard, with clear errors and a clear answer", async ({ page }) => {
    test.setTimeout(90_000);
    await stubTurnstile(page);
    await page.goto(`/providers/${PROVIDER.slug}`);
    const toggle = page.getByText("Report outdated information", { exact: true });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("form", { name: "Report outdated information" });
    await expect(form).toBeVisible();

    // Nothing chosen: the error is said next to the question, nothing is sent.
    await form.getByRole("button", { name: "Send report" }).click();
    await expect(form.getByText("Choose what is wrong")).toBeVisible();
    await form.getByRole("radio", { name: "Some details are wrong" }).check();
    await form.getByRole("button", { name: "Send report" }).click();
    await expect(form.getByLabel(/What is out of date\?/)).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "reports-form-errors");

    await form.getByRole("checkbox", { name: "City" }).check();
    await form.getByLabel(/What is out of date\?/).fill(NOTE);
    await form.getByLabel(/Email for the outcome/).fill(REPORTER);
    await form.getByLabel(/Email for the outcome/).press("Enter");
    await expect(page.getByRole("heading", { name: "Thank you, your report was sent" })).toBeFocused();
    await expect(page.getByText("We email you once when the report has been handled.")).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "reports-form-sent");
  });

  test("the API takes another report, and a repeat is answered alike", async ({ request }) => {
    const body = { category: "OUT_OF_BUSINESS", turnstileToken: turnstileToken("report") };
    for (let i = 0; i < 2; i++) {
      const response = await request.post(`/api/public/studio/providers/${PROVIDER.slug}/reports`, { data: body });
      expect(response.status()).toBe(202);
      expect(await response.json()).toEqual({ success: true });
    }
  });

  test("the owner sees the reports, never who sent them, and answers one", async ({ page, request }) => {
    test.setTimeout(90_000);
    await signInThroughMailbox(page, OWNER, "/studio/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: /Reports.*2/ })).toBeVisible();
    const list = page.getByRole("list", { name: "Reports, newest first" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByText(NOTE)).toBeVisible();
    await expect(list.getByText("Details: City")).toBeVisible();
    await expect(page.locator("body")).not.toContainText(REPORTER);
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "reports-studio-open");

    const wrong = list.getByRole("article", { name: "Some details are wrong" });
    await wrong.getByLabel(/Note/).fill("Checked: we are still in Leeds.");
    await wrong.getByRole("button", { name: "Not an issue" }).click();
    await expect(page.getByText("Report marked not an issue.")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    const outcome = await waitForEmail(request, REPORTER, /^Your report to/);
    expect(outcome.text).toContain("found it correct");
    expect(outcome.text).not.toContain("still in Leeds");

    await page.getByRole("navigation", { name: "Reports by status" }).getByRole("link", { name: "Answered" }).click();
    await expect(page.getByRole("article", { name: "Some details are wrong" })).toContainText("Not an issue");
    await expectNoAxeViolations(page);
    await signOut(page);
  });

  test("the admin sees the provider in the queue and dismisses the cluster", async ({ page }) => {
    test.setTimeout(90_000);
    await signInThroughMailbox(page, PLATFORM_ADMIN.email, "/admin/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Reports of outdated information" })).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(PROVIDER.name) });
    await expect(row).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "reports-admin-queue");
    await row.getByRole("button", { name: `Dismiss cluster: ${PROVIDER.name}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText(/1 report dismissed/)).toBeVisible();
    await signOut(page);
  });
});
