import type { Browser, Page, Request } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAtWidths, signInThroughMailbox, test, waitForEmail } from "./fixtures";
import { expectCleanInBothSchemesAndNarrow, recordAtTwoWidths } from "./journeys-kit";

// The studio's team and invitations, end to end. Fixtures: e2e/seed/team.ts ("E2E Team Co" with
// Tara the only owner, Adam an admin, Mel and Lou members, Eve's expired and Dee's open invitation;
// Ivy has an account and no provider). Each test uses its own people, so order does not matter.

const OWNER = "team-owner@e2e.example";
const ADMIN = "team-admin@e2e.example";
const MEMBER = "team-member@e2e.example";
const LEAVER = "team-leaver@e2e.example";
const EXPIRED = "team-expired@e2e.example";
const DECLINER = "team-decliner@e2e.example";
const INVITEE = "team-invitee@e2e.example";

/** A separate browser (own cookies) with `email` signed in through the mailbox, on `returnTo`. */
async function signedIn(browser: Browser, baseURL: string | undefined, email: string, returnTo: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughMailbox(page, email, returnTo);
  return page;
}

const row = (page: Page, email: string) => page.locator(`tr[data-member-email="${email}"]`);

test("an owner invites someone, who accepts after signing in; the owner then changes their role and removes them", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await signedIn(browser, baseURL, OWNER, "/studio/team");
  await expect(owner.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expectNoAxeViolations(owner);
  await screenshotAtWidths(owner, "studio-team-owner");

  // Refusals a person can fix, in words about the team.
  const email = owner.getByLabel("Email address");
  await email.fill(MEMBER);
  await owner.getByRole("button", { name: "Send invitation", exact: true }).click();
  await expect(owner.getByRole("alert").filter({ hasText: "already on the team" })).toBeVisible();
  await email.fill("not an email");
  await owner.getByRole("button", { name: "Send invitation", exact: true }).click();
  await expect(owner.getByText("Enter a valid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(owner);

  await email.fill(INVITEE);
  await owner.getByLabel("Role", { exact: true }).selectOption("MEMBER");
  await owner.getByRole("button", { name: "Send invitation", exact: true }).click();
  await expect(owner.getByRole("status").filter({ hasText: `Invitation sent to ${INVITEE}` })).toBeVisible();
  await expect(row(owner, INVITEE)).toContainText("Pending");
  await expect(row(owner, INVITEE)).toContainText("Ivy Invitee");
  const invitation = await waitForEmail(owner.request, INVITEE, /You are invited to join a team/);
  expect(invitation.text).toContain(`Team: “E2E Team Co”\n  Invited by: “Tara Owner” <${OWNER}>`);
  const invitationLink = invitation.links.find((l) => new URL(l).pathname === "/signin/confirm");
  expect(new URL(new URL(invitationLink!).searchParams.get("callbackUrl")!).pathname).toBe("/studio/invitations");

  const invitee = await signedIn(browser, baseURL, INVITEE, "/studio");
  await expect(invitee.getByRole("heading", { name: "Welcome to the studio" })).toBeVisible();
  await invitee.getByRole("link", { name: "Review invitations" }).click();
  await expect(invitee.getByRole("heading", { level: 2, name: "E2E Team Co" })).toBeVisible();
  await expectNoAxeViolations(invitee);
  await screenshotAtWidths(invitee, "studio-invitations");
  await invitee.getByRole("button", { name: "Accept the invitation to E2E Team Co" }).click();
  await invitee.waitForURL((url) => url.pathname === "/studio");
  await expect(invitee.getByRole("heading", { level: 1, name: "E2E Team Co" })).toBeVisible();
  // The page they land on confirms the joining, in words about the team and the role.
  await expect(invitee.getByRole("status").filter({ hasText: "You joined E2E Team Co as a member." })).toBeVisible();
  await expect(invitee.getByText("You are a member of E2E Team Co.")).toBeVisible();
  // A member may only read: no onboarding steps to do, and the listing is to see, not to edit.
  await expect(invitee.getByRole("region", { name: "Get your listing ready" })).toHaveCount(0);
  await expect(invitee.getByRole("link", { name: "Edit the listing" })).toHaveCount(0);
  await expect(invitee.getByRole("link", { name: "See the listing" })).toBeVisible();
  await expectCleanInBothSchemesAndNarrow(invitee);
  await recordAtTwoWidths(invitee, "studio-overview-joined");

  await owner.reload();
  await expect(row(owner, INVITEE)).toContainText("Accepted");
  await row(owner, INVITEE).getByLabel("Role of Ivy Invitee", { exact: true }).selectOption("ADMIN");
  await row(owner, INVITEE).getByRole("button", { name: "Save the role of Ivy Invitee" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Ivy Invitee is now admin." })).toBeVisible();
  await expect(row(owner, INVITEE).getByRole("cell").nth(1)).toHaveText("Admin");

  await row(owner, INVITEE).getByRole("button", { name: "Remove Ivy Invitee" }).click();
  const dialog = owner.getByRole("dialog", { name: "Remove Ivy Invitee from the team?" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(owner);
  await screenshotAtWidths(owner, "studio-team-remove-dialog");
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Ivy Invitee is no longer on the team." })).toBeVisible();
  await expect(row(owner, INVITEE)).toHaveCount(0);

  // The removed person's studio no longer opens the provider.
  await invitee.goto("/studio");
  await expect(invitee.getByRole("heading", { name: "Welcome to the studio" })).toBeVisible();
  await owner.context().close();
  await invitee.context().close();
});

test("the last owner can neither step down nor leave", async ({ page }) => {
  await signInThroughMailbox(page, OWNER, "/studio/team");
  const me = row(page, OWNER);
  await expect(me).toContainText("(you)");
  await me.getByLabel("Role of Tara Owner", { exact: true }).selectOption("ADMIN");
  await me.getByRole("button", { name: "Save the role of Tara Owner" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A team always needs at least one owner" })).toBeVisible();
  await expect(me.getByLabel("Role of Tara Owner", { exact: true })).toHaveValue("OWNER");

  // Leaving is not offered at all, and the page says why.
  const leave = page.getByRole("button", { name: "Leave this provider" });
  await expect(leave).toBeDisabled();
  await expect(leave).toHaveAccessibleDescription(/You are the last owner of E2E Team Co, so you cannot leave it/);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(row(page, OWNER).getByRole("cell").nth(1)).toHaveText("Owner");
});

test("a MEMBER sees no write controls, and a server-action call forged from an owner's is refused", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  // Capture a real role change made by the owner, without letting it reach the server.
  const owner = await signedIn(browser, baseURL, OWNER, "/studio/team");
  let captured: Request | undefined;
  await owner.route("**/studio/team", async (route) => {
    if (route.request().method() === "POST" && route.request().headers()["next-action"]) {
      captured = route.request();
      await route.abort();
    } else {
      await route.continue();
    }
  });
  await row(owner, ADMIN).getByLabel("Role of Adam Admin", { exact: true }).selectOption("MEMBER");
  await row(owner, ADMIN).getByRole("button", { name: "Save the role of Adam Admin" }).click();
  await expect.poll(() => captured !== undefined).toBe(true);
  const request = captured!;
  expect(request.postData()).toContain('"role":"MEMBER"');

  const member = await signedIn(browser, baseURL, MEMBER, "/studio/team");
  await expect(row(member, ADMIN)).toContainText("Admin");
  await expect(member.getByRole("button", { name: "Send invitation", exact: true })).toHaveCount(0);
  await expect(member.getByRole("combobox")).toHaveCount(0);
  await expect(member.getByRole("button", { name: /^(Save|Remove|Withdraw|Resend)/ })).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Leave this provider" })).toBeVisible();
  // ... and the page says why the controls are missing, as Listing and API keys do.
  await expect(member.getByText("Your role (member) can see the team but not invite or change anyone.")).toBeVisible();
  await expectNoAxeViolations(member);
  await screenshotAtWidths(member, "studio-team-member");

  // The same call, from the member's session and the same origin.
  const headers = request.headers();
  const replay = await member.request.post(request.url(), {
    headers: {
      "next-action": headers["next-action"]!,
      "content-type": headers["content-type"] ?? "text/plain;charset=UTF-8",
      accept: headers["accept"] ?? "text/x-component",
      origin: new URL(request.url()).origin,
      ...(headers["next-router-state-tree"] ? { "next-router-state-tree": headers["next-router-state-tree"] } : {}),
    },
    data: request.postData() ?? "",
  });
  const body = await replay.text();
  expect(body).toContain('"ok":false');
  expect(body).toContain('"code":"FORBIDDEN"');

  await owner.unroute("**/studio/team");
  await owner.reload();
  await expect(row(owner, ADMIN).getByRole("cell").nth(1)).toHaveText("Admin");
  await owner.context().close();
  await member.context().close();
});

test("an admin manages members but cannot touch or grant the owner role", async ({ page }) => {
  await signInThroughMailbox(page, ADMIN, "/studio/team");
  const roleOptions = page.getByLabel("Role", { exact: true }).locator("option");
  await expect(roleOptions).toHaveText(["Admin", "Member"]);
  await expect(row(page, OWNER)).toContainText("Only an owner can change an owner");
  await expect(row(page, OWNER).getByRole("button")).toHaveCount(0);
  await expect(row(page, MEMBER).getByRole("button", { name: "Remove Mel Member" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "studio-team-admin");
});

test("an admin hides the onboarding steps of an unfinished listing, and they stay hidden", async ({ page }) => {
  await signInThroughMailbox(page, ADMIN, "/studio");
  const onboarding = page.getByRole("region", { name: "Get your listing ready" });
  await expect(onboarding).toContainText("steps done");
  await onboarding.getByRole("button", { name: "Hide these steps" }).click();
  await expect(onboarding).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "E2E Team Co" })).toBeVisible();
  await expect(onboarding).toHaveCount(0);
  await expectCleanInBothSchemesAndNarrow(page);
});

test("a member can leave the provider", async ({ page }) => {
  await signInThroughMailbox(page, LEAVER, "/studio/team");
  await page.getByRole("button", { name: "Leave this provider" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave E2E Team Co?" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Leave provider" }).click();
  await page.waitForURL((url) => url.pathname === "/studio");
  await expect(page.getByRole("heading", { name: "Welcome to the studio" })).toBeVisible();
});

test("an expired invitation says so until the team resends it, then it can be accepted", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const invitee = await signedIn(browser, baseURL, EXPIRED, "/studio/invitations");
  const card = invitee.getByRole("region", { name: "E2E Team Co" });
  await expect(card).toContainText("This invitation expired on");
  await expect(card.getByRole("button", { name: /^Accept/ })).toHaveCount(0);
  await expectNoAxeViolations(invitee);

  const owner = await signedIn(browser, baseURL, OWNER, "/studio/team");
  await expect(row(owner, EXPIRED)).toContainText("Expired");
  await row(owner, EXPIRED).getByRole("button", { name: `Resend invitation to ${EXPIRED}` }).click();
  await expect(owner.getByRole("status").filter({ hasText: `Invitation sent to ${EXPIRED} again` })).toBeVisible();
  await expect(row(owner, EXPIRED)).toContainText("Pending");
  expect((await waitForEmail(owner.request, EXPIRED, /You are invited to join a team/)).text).toContain("Team: “E2E Team Co”");

  await invitee.reload();
  await card.getByRole("button", { name: "Accept the invitation to E2E Team Co" }).click();
  await invitee.waitForURL((url) => url.pathname === "/studio");
  await expect(invitee.getByRole("heading", { level: 1, name: "E2E Team Co" })).toBeVisible();
  await owner.context().close();
  await invitee.context().close();
});

test("an invited person can decline", async ({ page }) => {
  await signInThroughMailbox(page, DECLINER, "/studio/invitations");
  await page.getByRole("button", { name: "Decline the invitation to E2E Team Co" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You declined the invitation to E2E Team Co." })).toBeVisible();
  await expect(page.getByText("You have no open invitations.")).toBeVisible();
  await expectNoAxeViolations(page);
});
