import type { Page } from "@playwright/test";
import { DEMO_EXPIRED_VERIFICATION_TOKEN } from "../scripts/seed/demo-data";
import {
  expect,
  expectNoAxeViolations,
  mailboxPage,
  readMailbox,
  screenshotAtWidths,
  stubTurnstile,
  test,
  TURNSTILE_DUMMY_TOKEN,
  waitForEmail,
} from "./fixtures";
import { expectCleanInBothSchemesAndNarrow, recordAtTwoWidths } from "./journeys-kit";

let n = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${++n}@example.com`;

async function openApplyForm(page: Page) {
  await stubTurnstile(page);
  await page.goto("/apply");
  await expect(page.getByRole("heading", { level: 1, name: "Apply to join" })).toBeVisible();
}

async function fillValidApplication(page: Page, email: string) {
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Business email").fill(email);
  await page.getByLabel("Company or agency name").fill("Analytical Engines");
  await page.getByLabel("Development").check();
  await page.getByLabel("Data", { exact: true }).check();
  await page.getByLabel("About your work").fill("We build careful software for careful people, mostly engines.");
  await page.getByLabel("How did you hear about us?").fill("A friend");
}

/** The verify page offers its button and nothing has been confirmed. */
async function expectConfirmButton(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your email" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my email" })).toBeEnabled();
}

test.describe("applying to join and confirming the email", () => {
  test("bad input shows plain-word errors next to the fields and sends nothing", async ({ page, request }) => {
    const email = freshEmail("bad-input");
    const actionPosts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") actionPosts.push(r.url());
    });
    await openApplyForm(page);
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "apply-empty");

    await page.getByLabel("Business email").fill(email);
    await page.getByLabel("About your work").fill("too short");
    await page.getByRole("button", { name: "Add a portfolio link" }).click();
    await page.getByLabel("Portfolio link 1", { exact: true }).fill("not a link");
    await page.getByRole("button", { name: "Send application" }).click();

    const fullName = page.getByLabel("Full name");
    await expect(fullName).toHaveAttribute("aria-invalid", "true");
    await expect(fullName).toHaveAccessibleDescription(/Enter your full name/);
    await expect(fullName).toBeFocused();
    await expect(page.getByLabel("About your work")).toHaveAccessibleDescription(/at least 10 characters/);
    await expect(page.getByLabel("Portfolio link 1", { exact: true })).toHaveAccessibleDescription(/starting with http/);
    await expect(page.getByLabel("Business email")).not.toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "apply-errors");

    // Fixing a field clears its message; what was typed stays.
    await fullName.fill("Ada Lovelace");
    await expect(fullName).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Business email")).toHaveValue(email);
    expect(actionPosts).toEqual([]);
    expect(await readMailbox(request, email)).toEqual([]);
  });

  test("a real application is confirmed only by the button on the emailed link's page", async ({ page, request }) => {
    const email = freshEmail("real");
    await openApplyForm(page);
    await fillValidApplication(page, email);
    const addLink = page.getByRole("button", { name: "Add a portfolio link" });
    await addLink.click();
    await expect(page.getByLabel("Portfolio link 1", { exact: true })).toBeFocused();
    await page.getByLabel("Portfolio link 1", { exact: true }).fill("https://example.com/mistake");
    await addLink.click();
    await page.getByLabel("Portfolio link 2", { exact: true }).fill("https://example.com/work");
    await page.getByRole("button", { name: "Remove portfolio link 1" }).click();
    await expect(page.getByLabel("Portfolio link 1", { exact: true })).toHaveValue("https://example.com/work");
    await page.getByRole("button", { name: "Send application" }).click();

    const sent = page.getByRole("heading", { level: 1, name: "Check your email" });
    await expect(sent).toBeVisible();
    await expect(sent).toBeFocused();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "apply-confirmation");

    await waitForEmail(request, email, /confirm your email/i);
    await page.goto(mailboxPage(email));
    await expect(page.getByRole("heading", { level: 2, name: /confirm your email/i })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "mailbox");
    await page.getByRole("link", { name: /\/verify\?token=/ }).click();

    await expect(page).toHaveURL(/\/verify\?token=/);
    await expectConfirmButton(page);
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
    const token = new URL(page.url()).searchParams.get("token")!;
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.filter((href) => href.includes(token))).toEqual([]);
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "verify-confirm");

    // Opening the link again (as a mail scanner would) still finds it unconfirmed.
    const reopened = await page.reload();
    expect(reopened?.headers()["referrer-policy"]).toBe("no-referrer");
    await expectConfirmButton(page);

    // The page names what the button confirms: the address and the company (the link reached that mailbox).
    await expect(page.locator(".lede")).toContainText(`confirm that ${email} is your address, and your application for Analytical Engines`);
    await expectCleanInBothSchemesAndNarrow(page);
    await recordAtTwoWidths(page, "verify-names-what-it-confirms");

    await page.getByRole("button", { name: "Confirm my email" }).click();
    const inReview = page.getByRole("heading", { level: 1, name: /in review/i });
    await expect(inReview).toBeVisible();
    await expect(inReview).toBeFocused();
    await expect(page.getByText(`Your application for Analytical Engines (${email}) is confirmed and waiting for review.`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "See its status later" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "verify-in-review");
    await expectCleanInBothSchemesAndNarrow(page);
    await recordAtTwoWidths(page, "verify-confirmed-names-application");

    // The same link now opens the status view, read only: no button, nothing confirmed twice.
    await page.getByRole("link", { name: "See your application's status" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your application for Analytical Engines" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "Pending review" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: email })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm my email" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "verify-already-confirmed");
    await expectCleanInBothSchemesAndNarrow(page);
    await recordAtTwoWidths(page, "application-status-pending-review");
    await page.reload();
    await expect(page.getByRole("definition").filter({ hasText: "Pending review" })).toBeVisible();
  });

  test("the form refuses an application without a company name, next to the field, and sends nothing", async ({ page, request }) => {
    const email = freshEmail("no-company");
    await openApplyForm(page);
    await fillValidApplication(page, email);
    await page.getByLabel("Company or agency name").fill("   ");
    await page.getByRole("button", { name: "Send application" }).click();
    const company = page.getByLabel("Company or agency name");
    await expect(company).toHaveAttribute("aria-invalid", "true");
    await expect(company).toHaveAccessibleDescription(/Enter your company or agency name/);
    await expect(company).toBeFocused();
    await expect(page.locator("label", { hasText: "Company or agency name" })).not.toContainText("optional");
    expect(await readMailbox(request, email)).toEqual([]);
    await expectCleanInBothSchemesAndNarrow(page);
    await recordAtTwoWidths(page, "apply-company-required");
  });

  test("applying again from the same address: the page answers as for anyone, the verify link's holder is told of the other application", async ({
    page,
    request,
  }) => {
    const email = freshEmail("twice");
    const apply = (companyName: string) =>
      request.post("/api/public/studio/providers/interest", {
        data: { fullName: "Ada Twice", email, companyName, description: "We build careful software, twice.", turnstileToken: TURNSTILE_DUMMY_TOKEN },
      });
    const first = await apply("First Engines");
    const firstLink = (await waitForEmail(request, email, /confirm your email/i)).links.find((l) => l.includes("/verify?token="))!;
    expect((await request.post(`/api/public/studio/providers/verify?${new URL(firstLink).searchParams}`)).status()).toBe(200);
    const second = await apply("Second Engines");
    expect(await second.json()).toEqual(await first.json());
    let secondLink = "";
    await expect
      .poll(async () => {
        const links = (await readMailbox(request, email)).flatMap((m) => m.links).filter((l) => l.includes("/verify?token="));
        secondLink = links.find((l) => l !== firstLink) ?? "";
        return secondLink !== "";
      }, { message: "the second confirmation email" })
      .toBe(true);

    await page.goto(secondLink);
    await expectConfirmButton(page);
    const note = page.getByRole("note", { name: "This address already has" });
    await expect(note).toContainText("Another application from this address (First Engines)");
    await expect(note).toContainText("is in review: we decide on it first");
    await expectCleanInBothSchemesAndNarrow(page);
    await recordAtTwoWidths(page, "verify-duplicate-note");
  });

  test("a garbled or missing token explains the link does not work, without a button", async ({ page }) => {
    for (const path of ["/verify?token=garbled%20link", "/verify"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: /does not work/i })).toBeVisible();
      await expect(page.getByRole("button", { name: "Confirm my email" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "apply again" })).toHaveAttribute("href", "/apply");
    }
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "verify-invalid");
  });

  test("a well-formed token we never sent is refused when confirmed", async ({ page }) => {
    await page.goto(`/verify?token=${"A".repeat(43)}`);
    await expectConfirmButton(page);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /does not work/i })).toBeVisible();
  });

  test("an expired link says so at once and offers a new link instead of the form", async ({ page }) => {
    await page.goto(`/verify?token=${DEMO_EXPIRED_VERIFICATION_TOKEN}`);
    await expect(page.getByRole("heading", { level: 1, name: /expired/i })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm my email" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send me a new link" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "verify-expired");
  });

  test("the 4th application for one email in a day is refused with a neutral message and the wait, keeping what was typed", async ({
    page,
    request,
  }) => {
    const email = freshEmail("limit");
    for (let i = 0; i < 3; i++) {
      const response = await request.post("/api/public/studio/providers/interest", {
        data: { fullName: "Ada", email, description: "Earlier application number " + i, turnstileToken: TURNSTILE_DUMMY_TOKEN },
      });
      expect(response.status()).toBe(201);
    }
    await openApplyForm(page);
    await fillValidApplication(page, email);
    await page.getByRole("button", { name: "Send application" }).click();

    // Next.js keeps an empty route-announcer alert on every page; ours is the one with a title.
    const alert = page.getByRole("alert").filter({ hasText: "Too many applications" });
    // The same words whichever limit refused (docs/decisions/rate-limits-and-captcha.md, "Every 429 says the same").
    await expect(alert).toContainText("Too many requests just now.");
    await expect(alert).toContainText(/Try again in about 2[34] hours/);
    await expect(alert).toBeFocused();
    await expect(page.getByLabel("Full name")).toHaveValue("Ada Lovelace");
    await expect(page.getByLabel("About your work")).toHaveValue(/careful software/);
    await expect(page.getByLabel("Development")).toBeChecked();
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "apply-rate-limited");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the confirm button works as a plain form post and shows the outcome", async ({ page }) => {
    // The page is no-referrer, so the post carries "Origin: null"; it goes to a route, not a server action.
    await page.goto(`/verify?token=${"B".repeat(43)}`);
    await expectConfirmButton(page);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await expect(page).toHaveURL(/\/verify\/outcome\?result=invalid$/);
    // axe needs scripts, so this page's accessibility is checked with JavaScript on below.
    await expect(page.getByRole("heading", { name: "This confirmation link does not work" })).toBeVisible();
  });

  test("an expired link's “Send me a new link” works as a plain form post", async ({ page }) => {
    await page.goto(`/verify?token=${DEMO_EXPIRED_VERIFICATION_TOKEN}`);
    await page.getByRole("button", { name: "Send me a new link" }).click();
    await expect(page).toHaveURL(/\/verify\/outcome\?result=resent$/);
    await expect(page.getByRole("heading", { name: "A new link is on its way" })).toBeVisible();
  });

  test("a script-less post of an unknown token lands on the invalid-link outcome", async ({ page }) => {
    await page.goto(`/verify?token=${"A".repeat(43)}`);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await expect(page.getByRole("heading", { name: "This confirmation link does not work" })).toBeVisible();
  });

  test("the apply form's labels and fields are in the server-rendered page", async ({ page }) => {
    await page.goto("/apply");
    for (const label of ["Full name", "Business email", "About your work", "Development"]) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Send application" })).toBeVisible();
  });
});

