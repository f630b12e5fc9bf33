import fs from "node:fs";
import type { Page } from "@playwright/test";
import { recordAtTwoWidths } from "./journeys-kit";
import { expect, expectNoAxeViolations, signInThroughMailbox, stubTurnstile, test, turnstileToken, waitForEmail } from "./fixtures";
import { PRIVACY_FIXTURES } from "./seed/privacy";

// Visitor privacy requests (extensions §9): a visitor who wrote to a provider asks for a copy of their
// data and downloads it, then asks for its erasure; the provider's studio shows the inquiry erased.
// Fixtures: e2e/seed/privacy.ts.

const PROVIDER = PRIVACY_FIXTURES.providers[0]!;
const OWNER = PROVIDER.owner.email;
const STAMP = Date.now();
const VISITOR = `privacy.visitor+${STAMP}@example.com`;
const MESSAGE = `Hello, we would like a new website for our bakery, reference ${STAMP}.`;

/** Sends the /privacy/request form for VISITOR and answers the emailed confirm link. */
async function requestFromForm(page: Page, kind: "Send me a copy of my data" | "Erase my data", subject: RegExp): Promise<string> {
  await page.goto("/privacy/request");
  await page.getByLabel("Your email address").fill(VISITOR);
  await page.getByRole("radio", { name: new RegExp(kind) }).check();
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeFocused();
  const email = await waitForEmail(page.request, VISITOR, subject);
  const link = email.links.find((l) => l.includes("/privacy/confirm?token="));
  expect(link).toBeTruthy();
  return link!;
}

test.describe.serial("privacy: a visitor gets a copy of their data, then has it erased", () => {
  test("the visitor's inquiry reaches the provider", async ({ request }) => {
    const sent = await request.post(`/api/public/studio/providers/${PROVIDER.slug}/inquiries`, {
      data: { name: "Pat Privacy", email: VISITOR, company: "Pat's Pastries", message: MESSAGE, turnstileToken: turnstileToken("inquiry") },
    });
    expect(sent.status()).toBe(201);
    const confirmation = await waitForEmail(request, VISITOR, /^Confirm your message/);
    const token = new URL(confirmation.links.find((l) => l.includes("/inquiries/confirm?token="))!).searchParams.get("token")!;
    const verified = await request.post(`/api/public/studio/providers/inquiries/verify?token=${encodeURIComponent(token)}`);
    expect(verified.status()).toBe(200);
  });

  test("the request page is linked from every page's footer, explains both choices, and says what is wrong inline", async ({ page }) => {
    await stubTurnstile(page);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Your data: a copy or its erasure" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your data: a copy or its erasure" })).toBeVisible();
    await expect(page.getByText(/It cannot be undone/)).toBeVisible();
    await page.getByRole("button", { name: "Send the request" }).click();
    await expect(page.getByLabel("Your email address")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Choose what you want: a copy of your data, or its erasure")).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "privacy-request-errors");
  });

  test("ACCESS: the visitor confirms from the email and downloads the file once", async ({ page }) => {
    test.setTimeout(120_000);
    await stubTurnstile(page);
    const link = await requestFromForm(page, "Send me a copy of my data", /^Confirm your request for a copy/);
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "privacy-request-sent");

    const confirmPage = await page.goto(link);
    expect(confirmPage!.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.getByRole("heading", { level: 1, name: "Get a copy of your data" })).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "privacy-confirm-access");
    await page.getByRole("button", { name: "Confirm and email me the link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your copy is on its way" })).toBeFocused();

    const ready = await waitForEmail(page.request, VISITOR, /^Your copy of your data/);
    const download = ready.links.find((l) => l.includes("/privacy/download?token="))!;
    await page.goto(download);
    await expect(page.getByRole("heading", { level: 1, name: "Download your data" })).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "privacy-download");
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
    expect(file.suggestedFilename()).toMatch(/^provider-registry-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync((await file.path())!, "utf8"));
    expect(data.inquiries).toEqual([
      expect.objectContaining({ provider: expect.objectContaining({ name: PROVIDER.name }), email: VISITOR, message: MESSAGE, status: "NEW" }),
    ]);

    // The link works once: the page's button now answers that it was used.
    await page.goto(download);
    await page.getByRole("button", { name: "Download my data" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "This download link does not work" })).toBeVisible();
    await expect(page.getByText(/used already/)).toBeVisible();
  });

  test("ERASE: the visitor confirms, and the provider's studio shows the inquiry erased", async ({ page }) => {
    test.setTimeout(120_000);
    await stubTurnstile(page);
    const link = await requestFromForm(page, "Erase my data", /^Confirm your request to erase/);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Erase your data" })).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "privacy-confirm-erase");
    await page.getByRole("button", { name: "Erase my data" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your data is erased" })).toBeFocused();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "privacy-erased");

    const notice = await waitForEmail(page.request, OWNER, /^Inquiries erased at the sender's request/);
    expect(notice.text).not.toContain(VISITOR);

    await signInThroughMailbox(page, OWNER, "/studio/inquiries");
    const item = page.getByRole("link", { name: "Erased at the sender's request" });
    await expect(item).toBeVisible();
    await expect(page.getByText(MESSAGE)).toHaveCount(0);
    await item.click();
    await expect(page.getByText(/Erased at the sender's request on/)).toBeVisible();
    await expect(page.getByText("Pat Privacy")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "privacy-studio-erased");
  });
});
