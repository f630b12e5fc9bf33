import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  MAILBOX_SECRET,
  readMailbox,
  RECORD_SCREENSHOT_DIR,
  signInThroughMailbox,
  signOut,
  stubTurnstile,
  test,
  turnstileToken,
  waitForEmail,
} from "./fixtures";
import { expectCleanInBothSchemesAndNarrow, recordAtTwoWidths } from "./journeys-kit";
import { INQUIRIES_FIXTURES } from "./seed/inquiries";

const PROVIDER = INQUIRIES_FIXTURES.providers[0]!;
const OWNER = PROVIDER.owner.email;
const MEMBER = PROVIDER.members[0]!.email;
const SENDER = `visitor-${Date.now()}@example.com`;
const MESSAGE = "We need a new booking site for our bakery.\nThree locations, launching in spring. Can you help?";
const SPAMMER = `spammer-${Date.now()}@example.com`;
const SCREENSHOTS = RECORD_SCREENSHOT_DIR;

/** Phone (390 px) and desktop (1280 px) screenshots for the docs; no page may scroll sideways on a phone. */
async function screenshots(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const [label, width] of [["390", 390], ["1280", 1280]] as const) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, `inquiries-${name}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Keeps the page where it is when a mailto: link is clicked: the test has no mail program, and the
 * link's own click handler (the "Mark as replied?" offer) still runs, as it sits below the window.
 */
async function stopMailtoNavigation(page: Page) {
  await page.evaluate(() =>
    window.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest('a[href^="mailto:"]')) event.preventDefault();
    }),
  );
}

/** A status tab of the inbox: its count shown as "New (3)" and read as "New, 3 inquiries". */
function statusTab(page: Page, label: string) {
  return page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: new RegExp(`^${label}, \\d+ inquir(y|ies)$`) });
}

test.describe.serial("inquiries: a visitor contacts a provider and the team works the lead", () => {
  test("a visitor contacts the provider from its profile and confirms from the email", async ({ page, request }) => {
    // A long flow (four pages, four axe checks, six screenshots) on a shared machine.
    test.setTimeout(90_000);
    await stubTurnstile(page);
    await page.goto(`/providers/${PROVIDER.slug}`);
    await expect(page.getByRole("heading", { name: `Work with ${PROVIDER.name}` })).toBeVisible();
    // The action under the name opens the form and puts the cursor in its first field (issue 31).
    await page.getByTestId("profile-actions").getByRole("link", { name: `Contact ${PROVIDER.name}` }).click();
    await expect(page.getByLabel("Your name")).toBeFocused();

    // Bad input: inline errors next to the fields, nothing sent, the typed text kept.
    await page.getByLabel("Your email").fill(SENDER);
    await page.getByLabel("Your message").fill("Too short");
    await page.getByRole("button", { name: "Send message" }).click();
    const name = page.getByLabel("Your name");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();
    await expect(page.getByLabel("Your message")).toHaveAccessibleDescription(/at least 20 characters/);
    await expect(page.getByLabel("Your email")).toHaveValue(SENDER);
    await expectNoAxeViolations(page);
    await screenshots(page, "contact-errors");

    await name.fill("Bea Baker");
    await page.getByLabel("Company").fill("Bea's Bakes");
    await page.getByRole("combobox", { name: /^Budget/ }).selectOption({ label: "$5k–$25k" });
    await page.getByLabel("When do you want to start?").selectOption({ label: "In 1–3 months" });
    await page.getByLabel("Your message").fill(MESSAGE);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Check your email to send your message" })).toBeFocused();
    await expect(page.getByText(SENDER)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, "contact-sent");

    const confirmation = await waitForEmail(request, SENDER, /^Confirm your message/);
    expect(confirmation.text).toContain(PROVIDER.name);
    const link = confirmation.links.find((l) => l.includes("/inquiries/confirm?token="));
    expect(link).toBeTruthy();

    // Opening the link changes nothing; the button sends. The page's address carries the token, so
    // its answer forbids the Referer header (not only the <meta>, which a saved copy would lose).
    const confirmPage = await page.goto(link!);
    expect(confirmPage!.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.getByRole("heading", { level: 1, name: "Send your message" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, "confirm");
    await page.getByRole("button", { name: "Confirm and send my message" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your message is on its way" })).toBeVisible();
    await expectNoAxeViolations(page);
    // Had the provider left the directory in between, the answer says so plainly (no token in the address).
    await page.goto("/inquiries/confirm/outcome?result=unlisted");
    await expect(page.getByRole("heading", { level: 1, name: "This provider is no longer listed" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, "confirm-unlisted");
    // Had a delivery limit held it (docs/decisions/inquiries.md, "Limits"), the answer says it is kept.
    await page.goto("/inquiries/confirm/outcome?result=held");
    await expect(page.getByRole("heading", { level: 1, name: "Your message is kept for now" })).toBeVisible();
    await expect(page.getByText("Use the same link again later")).toBeVisible();
    await expectNoAxeViolations(page);

    const notification = await waitForEmail(request, OWNER, /^New inquiry/);
    expect(notification.text).toContain("> We need a new booking site for our bakery.");
    // The sender's address is shown defanged (no mail program links it); replies go to it through Reply-To.
    expect(notification.text).toContain(`Email: “${SENDER.replace(/\.com$/, "[.]com")}”`);
    expect(notification.links.some((l) => l.includes("/studio/inquiries/"))).toBe(true);
    const mailbox = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(OWNER)}`, { headers: { "X-Mailbox-Secret": MAILBOX_SECRET } });
    const [newest] = (await mailbox.json()) as { subject: string; replyTo: string | null }[];
    expect(newest).toMatchObject({ subject: expect.stringMatching(/^New inquiry/), replyTo: SENDER });
  });

  test("without JavaScript the form posts, and a refusal keeps what was typed", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    try {
      await page.goto(`/providers/${PROVIDER.slug}`);
      // Without scripts the action under the name leads to the contact section, whose button opens the form.
      await page.getByTestId("profile-actions").getByRole("link", { name: `Contact ${PROVIDER.name}` }).click();
      await expect(page).toHaveURL(/#contact$/);
      await page.locator("summary", { hasText: `Contact ${PROVIDER.name}` }).click();
      await page.getByLabel("Your name").fill("Nora Noscript");
      await page.getByLabel("Your email").fill(`noscript-${Date.now()}@example.com`);
      await page.getByLabel("Your message").fill("Plain form post, no scripts at all, please answer.");
      await page.getByRole("button", { name: "Send message" }).click();
      // The security check needs JavaScript, so the server refuses; the page keeps every field.
      await expect(page.getByText("The security check did not pass")).toBeVisible();
      await expect(page.getByLabel("Your name")).toHaveValue("Nora Noscript");
      await expect(page.getByLabel("Your message")).toHaveValue("Plain form post, no scripts at all, please answer.");
    } finally {
      await context.close();
    }
  });

  test("a second inquiry arrives, which the owner will mark as spam", async ({ request }) => {
    const sent = await request.post(`/api/public/studio/providers/${PROVIDER.slug}/inquiries`, {
      data: { name: "Sam Spammer", email: SPAMMER, message: "Cheap followers for your profile, click here today!", turnstileToken: turnstileToken("inquiry") },
    });
    expect(sent.status()).toBe(201);
    const confirmation = await waitForEmail(request, SPAMMER, /^Confirm your message/);
    const token = new URL(confirmation.links.find((l) => l.includes("/inquiries/confirm?token="))!).searchParams.get("token")!;
    expect((await request.post(`/api/public/studio/providers/inquiries/verify?token=${encodeURIComponent(token)}`)).status()).toBe(200);
  });

  test("the owner marks spam, which leaves 'All'; each tab shows its count", async ({ page }) => {
    test.setTimeout(90_000);
    await signInThroughMailbox(page, OWNER, "/studio/inquiries");
    const nav = page.getByRole("navigation", { name: "Studio" });
    await expect(nav.getByRole("link", { name: /^Inquiries\s*2\s*new$/ })).toBeVisible();
    await page.getByRole("link", { name: "Sam Spammer" }).click();
    await page.getByRole("button", { name: "Mark as spam" }).click();
    await expect(page.getByText("Status changed to spam.")).toBeVisible();

    await page.goto("/studio/inquiries");
    await expect(page.getByRole("link", { name: "Bea Baker, Bea's Bakes" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sam Spammer" })).toHaveCount(0);
    await expect(page.getByText(/\(spam is under its own tab\), newest first/)).toBeVisible();
    // The counts, shown as "Spam (1)" and read in words; the tabs keep their addresses.
    const filters = page.getByRole("navigation", { name: "Filter by status" });
    await expect(filters).toContainText(/All \(\d+\)/);
    await expect(filters).toContainText("Spam (1)");
    await expect(statusTab(page, "All")).toHaveAttribute("href", "/studio/inquiries");
    await expect(statusTab(page, "New")).toBeVisible();
    await expect(filters.getByRole("link", { name: "Spam, 1 inquiry" })).toHaveAttribute("href", "/studio/inquiries?status=SPAM");
    await expectCleanInBothSchemesAndNarrow(page);
    await screenshots(page, "studio-list");

    await filters.getByRole("link", { name: "Spam, 1 inquiry" }).click();
    await expect(page.getByRole("link", { name: "Sam Spammer" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Bea Baker, Bea's Bakes" })).toHaveCount(0);
    await signOut(page);
  });

  test("the owner replies by email with the message quoted, and marks it replied from the offer", async ({ page }) => {
    test.setTimeout(90_000);
    await signInThroughMailbox(page, OWNER, "/studio/inquiries");
    const nav = page.getByRole("navigation", { name: "Studio" });
    await expect(nav.getByRole("link", { name: /^Inquiries\s*1\s*new$/ })).toBeVisible();
    await page.getByRole("link", { name: "Bea Baker, Bea's Bakes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inquiry from Bea Baker" })).toBeVisible();
    await expect(page.getByText("Three locations, launching in spring.")).toBeVisible();

    // The mail to the sender: our subject, and the message quoted under room to write.
    const reply = page.getByRole("link", { name: "Reply by email" });
    const href = (await reply.getAttribute("href"))!;
    expect(href.startsWith(`mailto:${SENDER}?subject=${encodeURIComponent("Re: your inquiry on Provider Registry")}&body=`)).toBe(true);
    const body = new URL(href).searchParams.get("body")!;
    expect(body).toMatch(/^\r\n\r\nOn .+ UTC, Bea Baker wrote:\r\n/);
    expect(body).toContain("> We need a new booking site for our bakery.\r\n> Three locations, launching in spring. Can you help?");

    // The offer comes once the link was used, and marks the inquiry replied with the status buttons' action.
    await expect(page.getByRole("button", { name: "Mark as replied?" })).toHaveCount(0);
    await stopMailtoNavigation(page);
    await reply.click();
    const offer = page.getByRole("button", { name: "Mark as replied?" });
    await expect(offer).toBeVisible();
    await expectCleanInBothSchemesAndNarrow(page);
    await screenshots(page, "studio-detail");
    await offer.click();
    await expect(page.getByText("Marked as replied.")).toBeVisible();
    await expect(offer).toHaveCount(0);
    await expect(page.getByRole("definition").filter({ hasText: /^Replied$/ })).toBeVisible();
    await expect(nav.getByRole("link", { name: /^Inquiries$/ })).toBeVisible();
    // Replied already: clicking the link again offers nothing.
    await reply.click();
    await expect(page.getByRole("button", { name: "Mark as replied?" })).toHaveCount(0);

    // The activity log names each inquiry, never the sender's address.
    await page.goto("/studio/activity");
    const log = page.getByRole("table", { name: /Activity/ });
    await expect(log.getByText("Marked the inquiry from Bea Baker (“We need a new booking site for our…”) as replied (was new)")).toBeVisible();
    await expect(log.getByText("Marked the inquiry from Sam Spammer (“Cheap followers for your profile, click…”) as spam (was new)")).toBeVisible();
    await expect(log).not.toContainText(SENDER);
    await expectCleanInBothSchemesAndNarrow(page);
    await screenshots(page, "studio-activity");
    await signOut(page);
  });

  test("a MEMBER reads the inquiry but cannot change it", async ({ page }) => {
    await signInThroughMailbox(page, MEMBER, "/studio/inquiries");
    await expect(page.getByText("You can read inquiries; owners and admins change their status.")).toBeVisible();
    await page.getByRole("link", { name: "Bea Baker, Bea's Bakes" }).click();
    await expect(page.getByText("Three locations, launching in spring.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Mark replied|Archive|Mark as spam|Back to new/ })).toHaveCount(0);
    await expect(page.getByText("Owners and admins change an inquiry's status; your role reads it.")).toBeVisible();
    await expectNoAxeViolations(page);
    // A MEMBER may reply, but is not offered to change the status (the spam one would be, to an owner).
    await page.goto("/studio/inquiries?status=SPAM");
    await page.getByRole("link", { name: "Sam Spammer" }).click();
    await stopMailtoNavigation(page);
    await page.getByRole("link", { name: "Reply by email" }).click();
    await expect(page.getByRole("button", { name: "Mark as replied?" })).toHaveCount(0);
  });
});

test("an expired confirmation link sends a new one for the same message, which the visitor never retypes", async ({ page }) => {
  const expired = INQUIRIES_FIXTURES.expiredInquiries[0]!;
  await page.goto(`/inquiries/confirm?token=${expired.token}`);
  await expect(page.getByRole("heading", { level: 1, name: "This confirmation link has expired" })).toBeVisible();
  await expect(page.getByText("Your message is kept: we can send you a new link, and you do not need to write it again.")).toBeVisible();
  await expectCleanInBothSchemesAndNarrow(page);
  await recordAtTwoWidths(page, "inquiries-confirm-expired");
  await page.getByRole("button", { name: "Send me a new link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "A new link is on its way" })).toBeVisible();
  await expect(page.getByText(/^Your message is kept\. We sent a new confirmation link/)).toBeVisible();
  await expectCleanInBothSchemesAndNarrow(page);

  // The new email quotes the message as first written, and its link sends it.
  const email = await waitForEmail(page.request, expired.email, /^Confirm your message/);
  expect(email.text).toContain("A shop for our tea house");
  await page.goto(email.links.find((l) => l.includes("/inquiries/confirm?token="))!);
  await page.getByRole("button", { name: "Confirm and send my message" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your message is on its way" })).toBeVisible();
  // The team's notification quotes it (the owner's mailbox also holds earlier tests' notifications).
  await expect
    .poll(async () => (await readMailbox(page.request, OWNER)).some((m) => m.text.includes("> A shop for our tea house, kept while my link expired.")))
    .toBe(true);

  // The old link no longer offers anything.
  await page.goto(`/inquiries/confirm?token=${expired.token}`);
  await expect(page.getByRole("button", { name: "Send me a new link" })).toHaveCount(0);
});
