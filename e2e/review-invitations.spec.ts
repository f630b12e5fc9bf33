import { recordAtTwoWidths } from "./journeys-kit";
import { expect, expectNoAxeViolations, signInThroughMailbox, signOut, test, waitForEmail } from "./fixtures";
import { INVITE_SENDERS, REVIEW_INVITATIONS_FIXTURES } from "./seed/review-invitations";

// Review invitations (extensions §4): the owner marks an inquiry "We worked together" and sees when its
// sender will be asked; a sender the seed's sweep invited says "We didn't work together" from the
// email's link. Fixtures: e2e/seed/review-invitations.ts.

const PROVIDER = REVIEW_INVITATIONS_FIXTURES.providers[0]!;
const OWNER = PROVIDER.owner.email;
const DAY_MS = 86_400_000;
const DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

test.describe.serial("review invitations: the engagement mark and the sender's decline", () => {
  test("the owner marks an inquiry as worked together and sees when the sender will be asked", async ({ page }) => {
    test.setTimeout(90_000);
    await signInThroughMailbox(page, OWNER, "/studio/inquiries");
    const list = page.getByRole("list", { name: "Inquiries, newest first" });
    const recent = list.getByRole("listitem").filter({ hasText: INVITE_SENDERS.recent.name });
    const old = list.getByRole("listitem").filter({ hasText: INVITE_SENDERS.old.name });
    // The old inquiry's sender was invited by the sweep: the date it went out (a mark now would
    // only label their review "confirmed by both").
    await expect(old.getByText(/^Review invitation sent on /)).toBeVisible();
    await expect(old.getByRole("button", { name: "Undo: we did not work together" })).toHaveCount(0);
    // Without the mark: 45 days after delivery.
    const delivered = Date.now() - INVITE_SENDERS.recent.deliveredDaysAgo * DAY_MS;
    await expect(recent.getByText(/^Review invitation scheduled for /)).toBeVisible();

    const before = Date.now();
    await recent.getByRole("button", { name: "We worked together" }).click();
    const marked = recent.getByText(/^You marked that you worked together on .*Review invitation scheduled for /);
    await expect(marked).toBeVisible();
    const expected = [DATE.format(before + 21 * DAY_MS), DATE.format(Date.now() + 21 * DAY_MS)];
    const text = (await marked.textContent()) ?? "";
    expect(expected.some((d) => text.endsWith(`scheduled for ${d}.`)), `${text} names ${expected.join(" or ")}`).toBe(true);
    expect(text).not.toContain(DATE.format(delivered + 45 * DAY_MS));
    await expect(recent.getByRole("button", { name: "Undo: we did not work together" })).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-invitations-studio-marked");

    // The inquiry's own page says the same after a reload.
    await page.getByRole("link", { name: `${INVITE_SENDERS.recent.name}, ${INVITE_SENDERS.recent.company}` }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Review invitation" })).toBeVisible();
    await expect(page.getByText(/^You marked that you worked together on /)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/studio/activity");
    await expect(page.getByText("Inquiry marked as worked together")).toBeVisible();
    await signOut(page);
  });

  test("the invited sender opens the decline link, which changes nothing, and declines", async ({ page, request }) => {
    test.setTimeout(90_000);
    const invitation = await waitForEmail(request, INVITE_SENDERS.old.email, /^Did you work with the provider you contacted/);
    expect(invitation.text).toContain("Did you work with the provider named below? If you did, other clients would like to know how it went — good or bad.");
    expect(invitation.text).toContain(`Provider: “${PROVIDER.name}”`);
    const declineLink = invitation.links.find((l) => l.includes("/reviews/decline?token="))!;
    expect(invitation.links.some((l) => l.includes("/reviews/write?token="))).toBe(true);
    expect(invitation.links.some((l) => l.includes("/reviews/opt-out?token="))).toBe(true);
    const url = new URL(declineLink);
    const token = url.searchParams.get("token")!;

    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole("heading", { level: 1, name: `Did you work with ${PROVIDER.name}?` })).toBeVisible();
    await expect(page.getByRole("radio", { name: /We didn't work together/ })).toBeChecked();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-invitations-decline-choice");
    // Opening the page changed nothing: the invitation still opens.
    expect((await request.get(`/api/public/studio/reviews/invitation?token=${token}`)).status()).toBe(200);

    await page.getByRole("button", { name: "Send my answer" }).click();
    await page.waitForURL((u) => u.pathname === "/reviews/decline/outcome");
    await expect(page.getByRole("heading", { level: 1, name: "Thank you, we have noted it" })).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-invitations-declined");

    // Closed: the API refuses the link, and the page says it was declined.
    const closed = await request.get(`/api/public/studio/reviews/invitation?token=${token}`);
    expect(closed.status()).toBe(410);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole("heading", { level: 1, name: "Thank you, we have noted it" })).toBeVisible();
  });
});
