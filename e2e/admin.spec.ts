import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { PLATFORM_ADMIN } from "../scripts/seed/demo-data";
import {
  expect,
  expectNoAxeViolations,
  type MailboxEmail,
  readMailbox,
  screenshotAtWidths,
  signInThroughMailbox,
  signOut,
  stubTurnstile,
  test,
  TURNSTILE_DUMMY_TOKEN,
  waitForEmail,
  waitForOutboxToDrain,
} from "./fixtures";
import { docsScreenshot, expectCleanInBothSchemesAndNarrow, recordAtTwoWidths } from "./journeys-kit";

// The admin console. Fixtures: e2e/seed/admin.ts (a listed provider to oversee, one to rename, and a
// signed-in person who is no admin); the platform admin comes from the demo seed.

const ADMIN = PLATFORM_ADMIN.email;
const ADMIN_PAGES = ["/admin", "/admin/applications", "/admin/providers", "/admin/providers/e2e-admin-oversight", "/admin/change-requests", "/admin/audit"];

let n = 0;
const unique = () => `${Date.now()}-${++n}`;

const applicationCard = (page: Page, fullName: string) => page.getByRole("article", { name: new RegExp(`^${fullName}`) });

/** Applies through the form, as a person does, and confirms the email through the emailed link. */
async function applyAndVerifyInBrowser(page: Page, a: { fullName: string; email: string; company: string }) {
  await stubTurnstile(page);
  await page.goto("/apply");
  await page.getByLabel("Full name").fill(a.fullName);
  await page.getByLabel("Business email").fill(a.email);
  await page.getByLabel("Company or agency name").fill(a.company);
  await page.getByLabel("Design").check();
  await page.getByLabel("About your work").fill("We design calm, accessible interfaces for public services.");
  await page.getByRole("button", { name: "Add a portfolio link" }).click();
  await page.getByLabel("Portfolio link 1", { exact: true }).fill("https://portfolio.example.com/work?x=1&y=2");
  await page.getByLabel("How did you hear about us?").fill("A conference talk");
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  const email = await waitForEmail(page.request, a.email, /confirm your email/i);
  await page.goto(email.links.find((l) => l.includes("/verify?token="))!);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /in review/i })).toBeVisible();
}

/** The same through the public API: quicker, for specs about what happens after. */
async function applyAndVerifyByApi(request: APIRequestContext, a: { fullName: string; email: string }) {
  const submitted = await request.post("/api/public/studio/providers/interest", {
    data: { fullName: a.fullName, email: a.email, description: "Freelance data engineering, mostly pipelines.", turnstileToken: TURNSTILE_DUMMY_TOKEN },
  });
  expect(submitted.status()).toBe(201);
  const email = await waitForEmail(request, a.email, /confirm your email/i);
  const token = new URL(email.links.find((l) => l.includes("/verify?token="))!).searchParams.get("token")!;
  const verified = await request.post(`/api/public/studio/providers/verify?token=${encodeURIComponent(token)}`);
  expect(verified.status()).toBe(200);
}

test("apply, verify, approve in the queue; the applicant signs in as owner, publishes and is in the directory", async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = unique();
  const applicant = { fullName: `Ada Approve ${id}`, email: `approve-${id}@e2e.example`, company: `E2E Calm Interfaces ${id}` };
  await applyAndVerifyInBrowser(page, applicant);

  await signInThroughMailbox(page, ADMIN, "/admin/applications");
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Applications" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const card = applicationCard(page, applicant.fullName);
  await expect(card).toContainText(applicant.email);
  await expect(card).toContainText(applicant.company);
  await expect(card).toContainText("We design calm, accessible interfaces for public services.");
  await expect(card).toContainText("A conference talk");
  await expect(card).toContainText("None from this email");
  const portfolio = card.getByRole("link", { name: /portfolio\.example\.com\/work/ });
  await expect(portfolio).toHaveAttribute("href", "https://portfolio.example.com/work?x=1&y=2");
  await expect(portfolio).toHaveAttribute("target", "_blank");
  await expect(portfolio).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "admin-applications");

  await card.getByRole("button", { name: `Approve ${applicant.fullName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Approve ${applicant.fullName}?` });
  await expect(dialog).toContainText(applicant.email);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Approve and send the email" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Approved ${applicant.fullName}.` })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The approval email signs the new owner in with one link (no second trip through /signin) and
  // lands in their studio; the link works once.
  const approval = await waitForEmail(request, applicant.email, /application to Provider Registry is approved/);
  expect(approval.text).toContain("What happens next");
  const signInLink = approval.links.find((l) => new URL(l).pathname === "/signin/confirm");
  expect(signInLink, "the approval email carries a one-time sign-in link").toBeTruthy();
  expect(new URL(new URL(signInLink!).searchParams.get("callbackUrl")!).pathname).toBe("/studio");

  // On a phone, as most people open their email: one tap on the link, one on the button.
  await signOut(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // The registry sent this link to this address after the approval: the page says calmly what it
  // opens. The same link with the provider's name changed in it gets the login-CSRF warning.
  const tampered = new URL(signInLink!);
  tampered.searchParams.set("provider", "Someone Else Ltd");
  await page.goto(tampered.toString());
  await expect(page.getByRole("heading", { level: 1, name: "Check the account before you sign in" })).toBeVisible();
  await page.goto(signInLink!);
  await expect(page.getByRole("heading", { level: 1, name: `Open ${applicant.company}’s studio` })).toBeVisible();
  await expect(page.getByText(`Sign in as ${applicant.email} to open ${applicant.company}’s studio.`)).toBeVisible();
  await expect(page.getByText(/someone may be trying/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await docsScreenshot(page, "signin-confirm-approval");
  await page.getByRole("button", { name: `Sign in as ${applicant.email}` }).click();
  await page.waitForURL((url) => url.pathname === "/studio");
  await expect(page.getByRole("heading", { level: 1, name: applicant.company })).toBeVisible();
  await expect(page.getByText(`You are an owner of ${applicant.company}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await docsScreenshot(page, "studio-overview-new-owner");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Used once: in another browser the same link no longer signs anyone in.
  const other = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const replay = await other.newPage();
  await replay.goto(signInLink!);
  await replay.getByRole("button", { name: `Sign in as ${applicant.email}` }).click();
  await expect(replay.getByRole("heading", { level: 1, name: "We could not sign you in" })).toBeVisible();
  await other.close();

  // First visit: the onboarding checklist, each step linking where it is done; Publish is disabled
  // with the reason until the listing can be published.
  const onboarding = page.getByRole("region", { name: "Get your listing ready" });
  await expect(onboarding).toContainText("0 of 4 steps done");
  await expect(onboarding.getByRole("link", { name: "Add a logo" })).toHaveAttribute("href", "/studio/listing");
  await expect(onboarding.getByRole("link", { name: "Invite your team" })).toHaveAttribute("href", "/studio/team");
  const publish = onboarding.getByRole("button", { name: "Publish" });
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAccessibleDescription("A listing needs a headline before it can be published. Add it and save, then publish.");

  // The listing: the application's description is already there; a headline is still needed to publish.
  await onboarding.getByRole("link", { name: /Complete the listing/ }).click();
  await page.getByLabel("Headline").fill("Calm interfaces for public services");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.goto("/studio");
  await expect(onboarding).toContainText("1 of 4 steps done");
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(async () => {
    await page.reload();
    await expect(onboarding).toContainText("2 of 4 steps done", { timeout: 1_000 });
  }).toPass();
  await expect(onboarding.getByRole("link", { name: "Publish the listing" })).toBeVisible();

  await page.goto(`/providers?q=${encodeURIComponent(applicant.company)}`);
  await expect(page.getByRole("link", { name: applicant.company, exact: true })).toBeVisible();
});

test("rejecting with a reason sends the rejection email and no other; the reason is required", async ({ page, browser, request }) => {
  const id = unique();
  const applicant = { fullName: `Rex Reject ${id}`, email: `reject-${id}@e2e.example` };
  await applyAndVerifyByApi(request, applicant);

  await signInThroughMailbox(page, ADMIN, "/admin/applications");
  const card = applicationCard(page, applicant.fullName);
  await card.getByRole("button", { name: `Reject ${applicant.fullName}` }).click();
  const reason = card.getByLabel("Reason for the rejection");
  await expect(reason).toBeFocused();
  await card.getByRole("button", { name: "Reject and send the email" }).click();
  await expect(reason).toHaveAccessibleDescription(/Give a reason for the rejection/);
  await expectNoAxeViolations(page);
  await reason.fill("We only list agencies with at least one public project for now.");
  await card.getByRole("button", { name: "Reject and send the email" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Rejected ${applicant.fullName}.` })).toBeVisible();
  await expect(card).toHaveCount(0);

  const rejection = await waitForEmail(request, applicant.email, /application/i);
  expect(rejection.text).toContain("We only list agencies with at least one public project for now.");
  await waitForOutboxToDrain(browser);
  const decisions = (await readMailbox(request, applicant.email)).filter((m) => !/confirm your email/i.test(m.subject));
  expect(decisions.map((m) => m.subject)).toEqual([rejection.subject]);

  await page.getByLabel("Stage").selectOption("REJECTED");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(applicationCard(page, applicant.fullName)).toContainText("We only list agencies");
  await expectNoAxeViolations(page);
});

test("a second admin deciding an already decided application is told so, and no second decision email is sent", async ({ page, browser, request }) => {
  const id = unique();
  const applicant = { fullName: `Dora Double ${id}`, email: `double-${id}@e2e.example` };
  await applyAndVerifyByApi(request, applicant);
  await signInThroughMailbox(page, ADMIN, "/admin/applications");
  const other = await signedInPage(browser, ADMIN, "/admin/applications");

  // Both have the queue open; the other admin approves first.
  await applicationCard(other, applicant.fullName).getByRole("button", { name: `Approve ${applicant.fullName}` }).click();
  await other.getByRole("dialog").getByRole("button", { name: "Approve and send the email" }).click();
  await expect(other.getByRole("status").filter({ hasText: `Approved ${applicant.fullName}.` })).toBeVisible();

  const card = applicationCard(page, applicant.fullName);
  await card.getByRole("button", { name: `Reject ${applicant.fullName}` }).click();
  await card.getByLabel("Reason for the rejection").fill("Not a fit");
  await card.getByRole("button", { name: "Reject and send the email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "already decided (approved)" })).toBeVisible();
  await expect(card).toHaveCount(0);
  // The refused rejection sent nothing: once every queued email is out, the approval is the only decision.
  await waitForOutboxToDrain(browser);
  const decisions = (await readMailbox(request, applicant.email)).filter((m) => !/confirm your email/i.test(m.subject));
  expect(decisions.map((m) => m.subject)).toEqual([expect.stringMatching(/application to Provider Registry is approved/)]);
  await other.context().close();
});

test("someone who already runs a provider applies again: the email (not the page) says so, and the admin's card links what exists", async ({
  page,
  request,
}) => {
  const owner = { fullName: `Olga Again ${unique()}`, email: "oversight-owner@e2e.example" };
  // The page answers as for anyone: the address may have been typed by a stranger.
  const submitted = await request.post("/api/public/studio/providers/interest", {
    data: { fullName: owner.fullName, email: owner.email, description: "A second company, or the same one again.", turnstileToken: TURNSTILE_DUMMY_TOKEN },
  });
  expect(submitted.status()).toBe(201);
  expect(JSON.stringify(await submitted.json())).not.toContain("Oversight");
  const email = await waitForEmail(request, owner.email, /confirm your email/i);
  expect(email.text).toContain("this address already has a place in Provider Registry");
  expect(email.text).toContain("Provider (owner): “E2E Admin Oversight”");
  const token = new URL(email.links.find((l) => l.includes("/verify?token="))!).searchParams.get("token")!;
  expect((await request.post(`/api/public/studio/providers/verify?token=${encodeURIComponent(token)}`)).status()).toBe(200);

  // Someone whose application is already in review applies again: the same answer as for anyone, and
  // the email (only) says an application is in review.
  const id = unique();
  const waiting = { fullName: `Ines Inreview ${id}`, email: `inreview-${id}@e2e.example` };
  await applyAndVerifyByApi(request, waiting);
  const again = await request.post("/api/public/studio/providers/interest", {
    data: { fullName: `Ines Again ${id}`, email: waiting.email, description: "The same studio, asked twice.", turnstileToken: TURNSTILE_DUMMY_TOKEN },
  });
  expect(again.status()).toBe(201);
  expect(await again.json()).toEqual(await submitted.json());
  let againEmail: MailboxEmail | undefined;
  await expect
    .poll(async () => {
      const confirmations = (await readMailbox(request, waiting.email)).filter((m) => /confirm your email/i.test(m.subject));
      againEmail = confirmations.length === 2 ? confirmations[0] : undefined;
      return Boolean(againEmail);
    }, { message: "the second confirmation email" })
    .toBe(true);
  const second = againEmail as MailboxEmail;
  expect(second.text).toContain("this address already has a place in Provider Registry");
  expect(second.text).toMatch(/Application in review: “?submitted /);
  const againToken = new URL(second.links.find((l) => l.includes("/verify?token="))!).searchParams.get("token")!;
  expect((await request.post(`/api/public/studio/providers/verify?token=${encodeURIComponent(againToken)}`)).status()).toBe(200);

  await signInThroughMailbox(page, ADMIN, "/admin/applications");
  const card = applicationCard(page, owner.fullName);
  await expect(card).toContainText("Same email runs");
  // Before any decision, the card warns in words of what the application may duplicate.
  const warning = card.getByRole("note", { name: "Possible duplicate" });
  await expect(warning).toContainText("This applicant already owns E2E Admin Oversight");
  await expect(warning.getByRole("link", { name: "E2E Admin Oversight" })).toHaveAttribute("href", "/admin/providers/e2e-admin-oversight");
  await expectNoAxeViolations(page);
  const secondCard = applicationCard(page, `Ines Again ${id}`);
  await expect(secondCard.getByRole("note", { name: "Possible duplicate" })).toContainText(/Another pending application from this address, sent \d{1,2} \w{3} \d{4}/);
  await expect(applicationCard(page, waiting.fullName).getByRole("note", { name: "Possible duplicate" })).toContainText("Another pending application from this address");
  await card.scrollIntoViewIfNeeded();
  await expectCleanInBothSchemesAndNarrow(page);
  // "Other applications" links the earlier one, on a page of this email's applications only.
  const earlier = secondCard.getByRole("link", { name: /^No company, / });
  await expect(earlier).toHaveCount(1);
  await earlier.click();
  await page.waitForURL((url) => url.searchParams.get("email") === waiting.email);
  await expect(applicationCard(page, waiting.fullName)).toBeVisible();
  await expect(applicationCard(page, `Ines Again ${id}`)).toBeVisible();

  await page.goto(`/admin/applications?stage=ALL&email=${encodeURIComponent(owner.email)}`);
  await expectNoAxeViolations(page);
  await docsScreenshot(page, "admin-applications-existing");
  await recordAtTwoWidths(page, "admin-application-duplicate-warning");
  await card.locator("dl").getByRole("link", { name: "E2E Admin Oversight" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E Admin Oversight" })).toBeVisible();
});

test("providers: search, feature, suspend (out of the directory at once) and reinstate", async ({ page, request }) => {
  await signInThroughMailbox(page, ADMIN, "/admin/providers");
  await page.getByLabel("Name or slug").fill("e2e admin oversight");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 provider matching")).toBeVisible();
  await expectNoAxeViolations(page);
  await docsScreenshot(page, "admin-providers");
  await page.getByRole("link", { name: "E2E Admin Oversight" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "E2E Admin Oversight" })).toBeVisible();
  const members = page.getByRole("region", { name: "Members" });
  await expect(members).toContainText("oversight-owner@e2e.example");
  await expect(members).toContainText("oversight-member@e2e.example");
  await expect(page.getByRole("region", { name: "API keys" })).toBeVisible();
  await expectNoAxeViolations(page);
  await docsScreenshot(page, "admin-provider");

  await page.getByRole("button", { name: "Feature", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Featured" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unfeature" })).toBeVisible();

  await page.getByRole("button", { name: "Suspend" }).click();
  const dialog = page.getByRole("dialog", { name: "Suspend E2E Admin Oversight?" });
  await dialog.getByLabel("Reason (required)").fill("E2E check");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Suspended: it has left the public directory" })).toBeVisible();
  // The page says what the public sees: a published listing of a suspended provider is hidden.
  const badges = page.getByText("e2e-admin-oversight", { exact: true }).locator("..");
  await expect(badges).toContainText("Hidden (suspended)");
  await expect(badges).not.toContainText("Published");
  expect((await request.get("/api/public/studio/providers/e2e-admin-oversight")).status()).toBe(404);
  expect((await request.get("/providers/e2e-admin-oversight")).status()).toBe(404);

  await page.getByRole("button", { name: "Reinstate" }).click();
  await page.getByRole("dialog", { name: "Reinstate E2E Admin Oversight?" }).getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reinstated:" })).toBeVisible();
  await expect(badges).toContainText("Listed");
  expect((await request.get("/api/public/studio/providers/e2e-admin-oversight")).status()).toBe(200);
  await page.getByRole("button", { name: "Unfeature" }).click();
  await expect(page.getByRole("button", { name: "Feature", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Audit trail of this provider" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
  // Each action in words, with its code name beside it whole: never cut mid-word, at any width.
  const words = {
    "provider.featured": "Featured in the directory",
    "provider.suspended": "Provider suspended by the registry",
    "provider.reinstated": "Provider reinstated by the registry",
    "provider.unfeatured": "No longer featured in the directory",
  };
  for (const [action, inWords] of Object.entries(words)) {
    await expect(page.getByRole("cell", { name: `${inWords} ${action}`, exact: true })).toBeVisible();
  }
  for (const width of [1280, 390, 360]) {
    await page.setViewportSize({ width, height: 900 });
    for (const action of Object.keys(words)) {
      const code = page.getByText(action, { exact: true });
      // One line: a code name cut mid-word takes two or more.
      const lines = await code.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
      });
      expect(lines, `${action} on one line at ${width} px`).toBe(1);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectCleanInBothSchemesAndNarrow(page);
  await recordAtTwoWidths(page, "admin-audit-words");
  // The note goes with the suspension only.
  await expect(page.getByText("note: E2E check")).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "provider.suspended" })).toContainText("note: E2E check");
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "admin-audit");
});

test("an approved slug change leaves the old address as a permanent redirect, on the site and in the API", async ({ page }) => {
  await signInThroughMailbox(page, "admin-rename-owner@e2e.example", "/studio/listing");
  const section = page.getByRole("region", { name: "Name and slug" });
  await section.getByLabel("What to change").selectOption("SLUG");
  await section.getByLabel("New slug").fill("e2e-admin-renamed");
  await section.getByRole("button", { name: "Request the change" }).click();
  await expect(section.getByRole("list", { name: "Pending requests" })).toContainText("e2e-admin-renamed");
  // And a new name, which the admin declines.
  await section.getByLabel("What to change").selectOption("NAME");
  await section.getByLabel("New name").fill("E2E Admin Renamed Twice");
  await section.getByRole("button", { name: "Request the change" }).click();
  await expect(section.getByRole("list", { name: "Pending requests" })).toContainText("E2E Admin Renamed Twice");
  await signOut(page);

  await signInThroughMailbox(page, ADMIN, "/admin/change-requests");
  const waitingLink = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Change requests \d+ waiting$/ });
  await expect(waitingLink).toHaveText(/^Change requests 2 waiting$/);
  const card = page.getByRole("article", { name: "Slug change for E2E Admin Rename" });
  const nameCard = page.getByRole("article", { name: "Name change for E2E Admin Rename" });
  await expect(card).toContainText("e2e-admin-rename");
  await expect(card).toContainText("admin-rename-owner@e2e.example");
  await expectNoAxeViolations(page);
  await docsScreenshot(page, "admin-change-requests");
  await card.getByRole("button", { name: "Approve the slug change of E2E Admin Rename" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the slug to “e2e-admin-renamed”?" });
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Approve the change" }).click();
  await expect(page.getByRole("status").filter({ hasText: "slug is now “e2e-admin-renamed”" })).toBeVisible();
  // The count follows the decision, and focus moves on to the next card.
  await expect(waitingLink).toHaveText(/^Change requests 1 waiting$/);
  await expect(nameCard).toBeFocused();
  await nameCard.getByRole("button", { name: "Decline the name change of E2E Admin Rename" }).click();
  await nameCard.getByLabel("Why it is declined").fill("Keep the name people know.");
  await nameCard.getByRole("button", { name: "Decline the change" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Declined the name change of E2E Admin Rename." })).toBeVisible();
  // The last card gone: focus on the page title; no count left in the navigation.
  await expect(page.getByRole("heading", { level: 1, name: "Change requests" })).toBeFocused();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Change requests", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  const api = await page.request.get("/api/public/studio/providers/e2e-admin-rename", { maxRedirects: 0 });
  expect(api.status()).toBe(301);
  expect(api.headers()["location"]).toBe("/api/public/studio/providers/e2e-admin-renamed");
  const profile = await page.request.get("/providers/e2e-admin-rename", { maxRedirects: 0 });
  expect(profile.status()).toBe(308);
  expect(profile.headers()["location"]).toBe("/providers/e2e-admin-renamed");
  await page.goto("/providers/e2e-admin-rename");
  await expect(page).toHaveURL(/\/providers\/e2e-admin-renamed$/);
  await expect(page.getByRole("heading", { level: 1, name: "E2E Admin Rename" })).toBeVisible();
});

test("every admin page is a 404 for anonymous visitors and signed-in non-admins, and their actions are refused", async ({
  page,
  browser,
}) => {
  for (const path of ADMIN_PAGES) {
    expect((await page.request.get(path, { maxRedirects: 0 })).status(), `anonymous ${path}`).toBe(404);
  }
  await signInThroughMailbox(page, "not-an-admin@e2e.example", "/studio");
  for (const path of ADMIN_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), `non-admin ${path}`).toBe(404);
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  }
  await expectNoAxeViolations(page);

  // An admin page left open in a browser whose session is now a non-admin's: its action is refused.
  const id = unique();
  const applicant = { fullName: `Sam Stale ${id}`, email: `stale-${id}@e2e.example` };
  await applyAndVerifyByApi(page.request, applicant);
  const adminPage = await signedInPage(browser, ADMIN, "/admin/applications");
  const outsiderCookies = (await page.context().cookies()).filter((c) => c.name.includes("session-token"));
  await adminPage.context().clearCookies();
  await adminPage.context().addCookies(outsiderCookies);
  await applicationCard(adminPage, applicant.fullName).getByRole("button", { name: `Approve ${applicant.fullName}` }).click();
  await adminPage.getByRole("dialog").getByRole("button", { name: "Approve and send the email" }).click();
  await expect(adminPage.getByRole("alert").filter({ hasText: "no longer there, or your session has ended" })).toBeVisible();
  await waitForOutboxToDrain(browser);
  const decisions = (await readMailbox(page.request, applicant.email)).filter((m) => !/confirm your email/i.test(m.subject));
  expect(decisions).toEqual([]);
  await adminPage.context().close();
});

async function signedInPage(browser: Browser, email: string, returnTo: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signInThroughMailbox(page, email, returnTo);
  return page;
}
