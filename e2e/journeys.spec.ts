import type { Browser, Page } from "@playwright/test";
import { PLATFORM_ADMIN } from "../scripts/seed/demo-data";
import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  PHONE,
  requestSignInLink,
  signInThroughMailbox,
  test,
  TURNSTILE_DUMMY_TOKEN,
  waitForEmail,
} from "./fixtures";
import { docsScreenshot } from "./journeys-kit";

// Journeys across pages, each at phone and desktop width (issue 17). Fixtures: e2e/seed/journeys.ts
// ("E2E Journeys Co" with Jo the owner and Max a member; Exa's application with an expired link).

const OWNER = "journeys-owner@e2e.example";
const MEMBER = "journeys-member@e2e.example";
const EXPIRED_TOKEN = "E2eExpiredVerificationLink_0000000000000000";

/** On a 390 px phone the studio's and the console's page title starts within this many pixels: one header band. */
const TITLE_WITHIN_PX = 200;

async function signedInPage(browser: Browser, email: string, returnTo: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
  const page = await context.newPage();
  await signInThroughMailbox(page, email, returnTo);
  return page;
}

test("an expired verification link sends a new one for the same application, which then goes to review; the page says what happens next", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/verify?token=${EXPIRED_TOKEN}`);
  await expect(page.getByRole("heading", { level: 1, name: "This confirmation link has expired" })).toBeVisible();
  await expectNoAxeViolations(page);
  await docsScreenshot(page, "verify-expired-resend");
  await page.getByRole("button", { name: "Send me a new link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "A new link is on its way" })).toBeVisible();
  await expectNoAxeViolations(page);

  const email = await waitForEmail(page.request, "journeys-expired@e2e.example", /confirm your email/i);
  expect(email.text).toContain("What happens next");
  await page.setViewportSize(DESKTOP);
  await page.goto(email.links.find((l) => l.includes("/verify?token="))!);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your application is in review" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What happens next" })).toBeVisible();
  await expect(page.getByText("usually within two working days")).toBeVisible();
  await expectNoAxeViolations(page);
  await docsScreenshot(page, "verify-in-review-next");

  // The old link no longer works.
  await page.goto(`/verify?token=${EXPIRED_TOKEN}`);
  await expect(page.getByRole("button", { name: "Send me a new link" })).toHaveCount(0);
});

/** Applies through the public API and confirms the email, so the application is in review. */
async function applicationInReview(page: Page, fullName: string, email: string): Promise<void> {
  const submitted = await page.request.post("/api/public/studio/providers/interest", {
    data: { fullName, email, description: "Careful work for careful people.", turnstileToken: TURNSTILE_DUMMY_TOKEN },
  });
  expect(submitted.status()).toBe(201);
  const message = await waitForEmail(page.request, email, /confirm your email/i);
  const token = new URL(message.links.find((l) => l.includes("/verify?token="))!).searchParams.get("token")!;
  expect((await page.request.post(`/api/public/studio/providers/verify?token=${encodeURIComponent(token)}`)).status()).toBe(200);
}

for (const [width, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
  test(`a platform admin signs in into the console; counts, distinct decisions, focus moves on, one flash, real visibility (${width})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const id = `${width}-${Date.now()}`;
    const first = { fullName: `Fay First ${id}`, email: `first-${id}@e2e.example` };
    const second = { fullName: `Sid Second ${id}`, email: `second-${id}@e2e.example` };
    const third = { fullName: `Tia Third ${id}`, email: `third-${id}@e2e.example` };
    for (const a of [first, second, third]) await applicationInReview(page, a.fullName, a.email);

    // Signing in from the plain sign-in page (return address: the studio) lands in the console.
    const link = await requestSignInLink(page, PLATFORM_ADMIN.email);
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/applications");

    // One header band on a phone: the console's, with the title on the first screen.
    if (width === "phone") {
      await expect(page.locator(".site-header")).toBeHidden();
      expect((await page.getByRole("heading", { level: 1 }).boundingBox())!.y).toBeLessThan(TITLE_WITHIN_PX);
    }

    const nav = page.getByRole("navigation", { name: "Admin" });
    const appsLink = nav.getByRole("link", { name: /^Applications \d+ in review$/ });
    await expect(appsLink).toBeVisible();
    const before = Number(/(\d+)/.exec((await appsLink.textContent()) ?? "")![1]);
    expect(before).toBeGreaterThanOrEqual(2);

    const firstCard = page.getByRole("article", { name: new RegExp(`^${first.fullName}`) });
    const secondCard = page.getByRole("article", { name: new RegExp(`^${second.fullName}`) });
    const thirdCard = page.getByRole("article", { name: new RegExp(`^${third.fullName}`) });
    const approve = firstCard.getByRole("button", { name: `Approve ${first.fullName}` });
    const reject = firstCard.getByRole("button", { name: `Reject ${first.fullName}` });
    const look = (b: typeof approve) => b.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color].join());
    expect(await look(approve)).not.toBe(await look(reject));
    await expectNoAxeViolations(page);
    if (width === "desktop") await docsScreenshot(page, "admin-applications");

    await approve.click();
    await page.getByRole("dialog").getByRole("button", { name: "Approve and send the email" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Approved ${first.fullName}.` })).toBeVisible();
    await expect(firstCard).toHaveCount(0);
    await expect(secondCard).toBeFocused();
    await expect(appsLink).toHaveText(new RegExp(`^Applications ${before - 1} in review$`));

    await secondCard.getByRole("button", { name: `Reject ${second.fullName}` }).click();
    await secondCard.getByLabel("Reason for the rejection").fill("Not a fit for the registry yet.");
    await secondCard.getByRole("button", { name: "Reject and send the email" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Rejected ${second.fullName}.` })).toBeVisible();
    // The older outcome has gone: only the latest decision's message shows.
    await expect(page.getByRole("status").filter({ hasText: `Approved ${first.fullName}.` })).toHaveCount(0);
    await expect(thirdCard).toBeFocused();
    await expect(appsLink).toHaveText(new RegExp(`^Applications ${before - 2} in review$`));
    await expectNoAxeViolations(page);
    if (width === "desktop") await docsScreenshot(page, "admin-applications-after-decision");

    // The providers table says what the public really sees.
    await page.goto("/admin/providers?q=e2e-listing-pending");
    await expect(page.getByRole("cell", { name: "Hidden (not approved)" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test("an owner invites a colleague who has never signed in: pending on Team, and the email's link creates their account and lands on Accept", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const newcomer = `newcomer-${Date.now()}@e2e.example`;
  const owner = await signedInPage(browser, OWNER, "/studio/team", PHONE);
  // The last owner is not offered Leave; the reason is next to the disabled button.
  const leave = owner.getByRole("button", { name: "Leave this provider" });
  await expect(leave).toBeDisabled();
  await expect(leave).toHaveAccessibleDescription(/You are the last owner of E2E Journeys Co/);
  await owner.getByLabel("Email address").fill(newcomer);
  await owner.getByRole("button", { name: "Send invitation", exact: true }).click();
  await expect(owner.getByRole("status").filter({ hasText: `Invitation sent to ${newcomer}` })).toContainText("never signed in");
  const row = owner.locator(`[data-member-email="${newcomer}"]`);
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("has not signed in yet");
  await expectNoAxeViolations(owner);
  await docsScreenshot(owner, "studio-team-owner");

  const invitation = await waitForEmail(owner.request, newcomer, /You are invited to join a team/);
  const link = invitation.links.find((l) => new URL(l).pathname === "/signin/confirm")!;
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: DESKTOP });
  const invitee = await context.newPage();
  await invitee.goto(link);
  // The registry sent it: a calm page naming the team, no login-CSRF warning.
  await expect(invitee.getByRole("heading", { level: 1, name: "Your invitation to E2E Journeys Co" })).toBeVisible();
  await expect(invitee.getByText(/someone may be trying/)).toHaveCount(0);
  await invitee.getByRole("button", { name: `Sign in as ${newcomer}` }).click();
  await invitee.waitForURL((url) => url.pathname === "/studio/invitations");
  await expectNoAxeViolations(invitee);
  await docsScreenshot(invitee, "studio-invitations");
  await invitee.getByRole("button", { name: "Accept the invitation to E2E Journeys Co" }).click();
  await invitee.waitForURL((url) => url.pathname === "/studio");
  await expect(invitee.getByRole("heading", { level: 1, name: "E2E Journeys Co" })).toBeVisible();

  await owner.reload();
  await expect(row).toContainText("Accepted");
  await context.close();
  await owner.context().close();
});

test("the home page speaks to visitors and applicants; a new studio's overview shows what to do first (phone and desktop)", async ({
  page,
  browser,
}) => {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Find an agency or studio you can trust" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Run an agency or studio?" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "JSON API" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "API reference" })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await docsScreenshot(page, "home");

  const owner = await signedInPage(browser, OWNER, "/studio", PHONE);
  const onboarding = owner.getByRole("region", { name: "Get your listing ready" });
  await expect(onboarding.getByRole("button", { name: "Publish" })).toBeDisabled();
  await expect(onboarding.getByRole("button", { name: "Publish" })).toHaveAccessibleDescription(
    "A listing needs a headline and description before it can be published. Add them and save, then publish.",
  );
  // One header band before the title on a phone: the studio's, the site header folded into it.
  await expect(owner.locator(".site-header")).toBeHidden();
  await expect(owner.getByRole("link", { name: "Provider Registry" })).toBeVisible();
  const title = await owner.getByRole("heading", { level: 1 }).boundingBox();
  expect(title!.y).toBeLessThan(TITLE_WITHIN_PX);
  await expectNoAxeViolations(owner);
  await docsScreenshot(owner, "studio-overview-onboarding");
  await owner.context().close();

  // A member sees, on Team, why the controls are missing.
  const member = await signedInPage(browser, MEMBER, "/studio/team", PHONE);
  await expect(member.getByText("Your role (member) can see the team but not invite or change anyone.")).toBeVisible();
  await expect(member.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await expectNoAxeViolations(member);
  await docsScreenshot(member, "studio-team-member");
  await member.context().close();
});

test("the focus ring is two-tone, with a dark inner ring of at least 3:1 on white", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle, outlineColor: style.outlineColor, shadow: style.boxShadow };
  });
  expect(ring.outline).toBe("solid");
  expect(ring.outlineColor).toBe("rgb(240, 180, 0)");
  expect(ring.shadow).toContain("rgb(27, 31, 36)");
  // #1b1f24 on white: far above 3:1 (about 16:1).
  await page.goto("/docs/api");
  await expectNoAxeViolations(page);
  await docsScreenshot(page, "docs-api", { fullPage: false });
  const scrollers = await page.locator("pre, .table-scroll").evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => (el as HTMLElement).tabIndex),
  );
  expect(scrollers.every((t) => t === 0)).toBe(true);
});
