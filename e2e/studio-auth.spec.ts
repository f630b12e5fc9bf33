import {
  expect,
  expectNoAxeViolations,
  readMailbox,
  requestSignInLink,
  screenshotAtWidths,
  signInThroughMailbox,
  signOut,
  stubTurnstile,
  test,
  turnstileToken,
  waitForOutboxToDrain,
} from "./fixtures";

// Sign-in, provider choice and sign-out. The fixtures (e2e/seed/studio.ts) give Tess two providers
// and Lee none.

test("a studio page without a session redirects to sign-in and returns there afterwards", async ({ page }) => {
  await page.goto("/studio/team");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fstudio%2Fteam$/);
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "signin");
});

test("signing in through the emailed link opens the studio of the person's only provider", async ({ page }) => {
  await signInThroughMailbox(page, "owner@northwind.example");
  await expect(page.getByRole("heading", { level: 1, name: "Northwind Studio" })).toBeVisible();
  await expect(page.getByText("You are an owner of Northwind Studio.")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "studio-overview");
  await signOut(page);
  await page.goto("/studio");
  await expect(page).toHaveURL(/\/signin/);
});

test("a person in two providers chooses one and can switch to the other", async ({ page }) => {
  await signInThroughMailbox(page, "twin@e2e.example");
  await expect(page.getByRole("heading", { name: "Choose a provider" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Provider").selectOption({ label: "E2E Twin Two (member)" });
  await page.getByRole("button", { name: "Switch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E Twin Two" })).toBeVisible();
  await page.getByLabel("Provider").selectOption({ label: "E2E Twin One (owner)" });
  await page.getByRole("button", { name: "Switch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E Twin One" })).toBeVisible();
});

test("a person with no provider is told how to join one", async ({ page }) => {
  await signInThroughMailbox(page, "loner@e2e.example");
  await expect(page.getByRole("heading", { name: "Welcome to the studio" })).toBeVisible();
  await expect(page.getByRole("link", { name: "apply to join the registry" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a used sign-in link cannot sign anyone in again", async ({ page, browser }) => {
  await signInThroughMailbox(page, "admin@northwind.example");
  const [email] = await readMailbox(page.request, "admin@northwind.example");
  const other = await browser.newPage();
  await other.goto(email!.links.find((l) => l.includes("/signin/confirm"))!);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other.getByRole("heading", { name: "We could not sign you in" })).toBeVisible();
  await other.close();
});

test("login CSRF: the attacker's own link, sent to a victim's browser, signs nobody in without asking", async ({ browser, baseURL }) => {
  // The attacker asks for a link to their own account, in their own browser.
  const attacker = await (await browser.newContext({ baseURL })).newPage();
  const link = new URL(await requestSignInLink(attacker, "loner@e2e.example"));
  await attacker.context().close();

  // The victim's browser is sent straight to Auth.js's callback with it: a GET, which signs nobody in.
  const victim = await (await browser.newContext({ baseURL })).newPage();
  const callback = new URL("/api/auth/callback/email", link);
  callback.search = link.search;
  await victim.goto(callback.toString());
  await expect(victim).toHaveURL(/\/signin\/confirm\?/);
  expect((await victim.context().cookies()).map((c) => c.name)).not.toContain("next-auth.session-token");

  // The confirm page in a browser that did not ask says which account the link signs into, and asks.
  await expect(victim.getByRole("heading", { name: "Check the account before you sign in" })).toBeVisible();
  await expect(victim.getByRole("status")).toContainText("It signs this browser in as loner@e2e.example.");
  await expect(victim.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
  await expectNoAxeViolations(victim);
  await screenshotAtWidths(victim, "signin-confirm-other-browser");
  await victim.goto("/studio");
  await expect(victim).toHaveURL(/\/signin\?/);

  // A form on another site cannot press the button for the victim.
  const crossSite = await victim.request.post(callback.toString(), {
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
    data: "acknowledge=loner%40e2e.example",
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);

  // Someone who does mean to use it (their own link, opened on another device) confirms and is in.
  await victim.goto(link.toString());
  await victim.getByRole("button", { name: "Sign in as loner@e2e.example" }).click();
  await expect(victim.getByRole("heading", { name: "Welcome to the studio" })).toBeVisible();
  await victim.context().close();
});

test("the sign-in form sends the security check's token, and a refusal says only that no link was sent", async ({ page, browser }) => {
  const email = `signin-captcha-${Date.now()}@e2e.example`;
  await stubTurnstile(page);
  await page.goto("/signin");
  await expect(page.getByText("Security check")).toBeVisible();
  // The server checks the token itself: one siteverify rejects is refused like every other case.
  await page.route("**/api/auth/signin/email", async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? "");
    expect(form.get("turnstileToken")).toBe(turnstileToken("signin"));
    form.set("turnstileToken", "forged");
    await route.continue({ postData: form.toString() });
  });
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "We could not send a sign-in link just now." })).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  await expectNoAxeViolations(page);
  await page.unrouteAll();
  // The widget was reset for a fresh token, and the same request now goes through.
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await waitForOutboxToDrain(browser);
  expect(await readMailbox(page.request, email)).toHaveLength(1);
});
