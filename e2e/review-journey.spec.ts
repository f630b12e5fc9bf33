import type { APIRequestContext } from "@playwright/test";
import { PLATFORM_ADMIN } from "../scripts/seed/demo-data";
import {
  expect,
  expectNoAxeViolations,
  MAILBOX_SECRET,
  signInThroughMailbox,
  signOut,
  stubTurnstile,
  test,
  turnstileToken,
  waitForEmail,
} from "./fixtures";
import { recordAtTwoWidths } from "./journeys-kit";
import { REVIEW_JOURNEY_FIXTURES } from "./seed/review-journey";

// A review's whole life in one story (extensions §4 and §9): a visitor writes to a provider, the owner
// marks that they worked together, the registry invites the visitor three weeks later, the visitor
// reviews, the review goes public after its cool-off, the owner replies and disputes it, an admin keeps
// it, and the visitor has everything erased. The clock moves through the maintenance runner beside the
// mailbox (POST /api/dev/maintenance), which runs the timer's jobs at a later time. Those jobs sweep
// every provider (a reminder replaces other specs' invitation links), so this spec runs in the last
// project, after every other flow (e2e/playwright.config.ts).

const PROVIDER = REVIEW_JOURNEY_FIXTURES.providers[0]!;
const OWNER = PROVIDER.owner.email;
// Letters and digits mixed, never a run of digits the contact-details check would read as a phone number.
const STAMP = Date.now().toString(36);
const VISITOR = `journey.client+${STAMP}@example.com`;
const TITLE = `Clear estimates, honest delays ${STAMP}`;
const BODY = "They rebuilt our shop in eight weeks, warned us early when the payment step would slip, and kept to the budget.";
const REPLY = "Thank you, Vera. The payment step taught us to plan a week of slack for every provider integration.";
const DAY_MS = 86_400_000;

/** Runs maintenance jobs as the timer would, `daysLater` days from now. */
async function runJobsLater(request: APIRequestContext, jobs: string[], daysLater: number) {
  const response = await request.post("/api/dev/maintenance", {
    headers: { "X-Mailbox-Secret": MAILBOX_SECRET },
    data: { jobs, at: new Date(Date.now() + daysLater * DAY_MS).toISOString() },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { jobs: { job: string; ran: boolean }[] };
  expect(body.jobs.every((j) => j.ran), JSON.stringify(body)).toBe(true);
}

test.describe.serial("a review's life: invited, written, published, answered, disputed, kept, erased", () => {
  test("the visitor's message reaches the provider, and the owner marks that they worked together", async ({ page, request }) => {
    test.setTimeout(120_000);
    const sent = await request.post(`/api/public/studio/providers/${PROVIDER.slug}/inquiries`, {
      data: { name: "Vera Client", email: VISITOR, company: "Vera's Vinyl", message: "We need a new online shop for our record store, with stock sync.", turnstileToken: turnstileToken("inquiry") },
    });
    expect(sent.status()).toBe(201);
    const confirmation = await waitForEmail(request, VISITOR, /^Confirm your message/);
    const token = new URL(confirmation.links.find((l) => l.includes("/inquiries/confirm?token="))!).searchParams.get("token")!;
    expect((await request.post(`/api/public/studio/providers/inquiries/verify?token=${encodeURIComponent(token)}`)).status()).toBe(200);

    await signInThroughMailbox(page, OWNER, "/studio/inquiries");
    const item = page.getByRole("list", { name: "Inquiries, newest first" }).getByRole("listitem").filter({ hasText: "Vera Client" });
    await item.getByRole("button", { name: "We worked together" }).click();
    await expect(item.getByText(/^You marked that you worked together on .*Review invitation scheduled for /)).toBeVisible();
    await signOut(page);
  });

  test("three weeks later the registry invites the visitor, who writes a review that waits out its cool-off", async ({ page, request }) => {
    test.setTimeout(120_000);
    await runJobsLater(request, ["review-invitations"], 22);
    const invitation = await waitForEmail(request, VISITOR, /^Did you work with the provider you contacted/);
    expect(invitation.text).toContain("other clients would like to know how it went — good or bad.");
    expect(invitation.text).toContain(`Provider: “${PROVIDER.name}”`);
    const write = new URL(invitation.links.find((l) => l.includes("/reviews/write?token="))!);

    await page.goto(`${write.pathname}${write.search}`);
    await expect(page.getByRole("heading", { level: 1, name: `Review ${PROVIDER.name}` })).toBeVisible();
    await expect(page.getByLabel("Your name", { exact: true })).toHaveValue("Vera Client");
    await page.getByRole("checkbox", { name: `I worked with ${PROVIDER.name}` }).check();
    await page.getByRole("group", { name: "Where does the project stand?" }).getByRole("radio", { name: "The project is finished" }).check();
    await page.getByRole("group", { name: "Overall rating" }).getByRole("radio", { name: "4 – Very good" }).check();
    await page.getByRole("group", { name: `Would you recommend ${PROVIDER.name}?` }).getByRole("radio", { name: "Yes" }).check();
    await page.getByLabel("Title of your review").fill(TITLE);
    await page.getByLabel("Your review", { exact: true }).fill(BODY);
    await page.getByRole("radio", { name: "My name, role and company" }).check();
    await page.getByRole("radio", { name: "Nothing was received and nobody asked me for a rating" }).check();
    await page.getByRole("button", { name: "Send my review" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your review" })).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-journey-sent");

    // Not public, and not shown to the provider, before the cool-off ends.
    await page.goto(`/providers/${PROVIDER.slug}`);
    await expect(page.getByTestId("client-reviews")).toContainText("No reviews yet.");
    await runJobsLater(request, ["review-publishing"], 0);
    await page.reload();
    await expect(page.getByText(TITLE)).toHaveCount(0);
  });

  test("after the cool-off the review is on the profile, labelled as confirmed by both", async ({ page, request }) => {
    test.setTimeout(90_000);
    await runJobsLater(request, ["review-publishing"], 1.1);
    await page.goto(`/providers/${PROVIDER.slug}`);
    const review = page.getByTestId("client-reviews").getByTestId("review").filter({ hasText: TITLE });
    await expect(review).toBeVisible();
    await expect(review).toContainText(BODY);
    await expect(review).toContainText("Engagement confirmed by both");
    await expect(review).not.toContainText(VISITOR);
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-journey-published");
  });

  test("the owner replies to the review and disputes it", async ({ page, request }) => {
    test.setTimeout(120_000);
    await signInThroughMailbox(page, OWNER, "/studio/reviews");
    const review = page.getByRole("article", { name: TITLE });
    await review.getByLabel(/Your public reply/).fill(REPLY);
    await review.getByRole("button", { name: "Publish reply" }).click();
    await expect(page.getByText("Reply published. The reviewer is told by email.")).toBeVisible();
    await waitForEmail(request, VISITOR, /replied to your review/);

    await review.getByText("Dispute this review").click();
    const dispute = review.getByRole("form", { name: "Dispute this review" });
    await dispute.getByLabel("Reason").selectOption("NO_ENGAGEMENT");
    await dispute.getByLabel(/What the moderators should know/).fill("We cannot find this project in our records for the spring.");
    await dispute.getByRole("button", { name: "Open dispute" }).click();
    await expect(review.getByText("Under review by Provider Registry")).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-journey-studio-disputed");
    await signOut(page);

    // Nothing published is hidden during a dispute: the profile shows the review, its reply and the label.
    await page.goto(`/providers/${PROVIDER.slug}`);
    const shown = page.getByTestId("review").filter({ hasText: TITLE });
    await expect(shown).toContainText(REPLY);
    await expect(shown).toContainText("Under review by Provider Registry");
  });

  test("an admin keeps the review, and both sides are told", async ({ page, request }) => {
    test.setTimeout(120_000);
    await signInThroughMailbox(page, PLATFORM_ADMIN.email, "/admin/reviews");
    await page.getByRole("navigation", { name: "Review moderation sections" }).getByRole("link", { name: "Disputes" }).click();
    const dispute = page.getByRole("article", { name: new RegExp(TITLE) });
    await expect(dispute).toContainText("We cannot find this project in our records");
    await dispute.getByRole("button", { name: "Reject: keep the review" }).click();
    await expect(page.getByText("Dispute decided; both sides are told.")).toBeVisible();
    await waitForEmail(request, VISITOR, /review dispute was decided/);
    await waitForEmail(request, OWNER, /review dispute was decided/);
    await signOut(page);

    await page.goto(`/providers/${PROVIDER.slug}`);
    const shown = page.getByTestId("review").filter({ hasText: TITLE });
    await expect(shown).toBeVisible();
    await expect(shown).not.toContainText("Under review by Provider Registry");
  });

  test("the visitor has everything erased: the review leaves the profile and the owner is told once", async ({ page, request }) => {
    test.setTimeout(120_000);
    await stubTurnstile(page);
    await page.goto("/privacy/request");
    await page.getByLabel("Your email address").fill(VISITOR);
    await page.getByRole("radio", { name: /Erase my data/ }).check();
    await page.getByRole("button", { name: "Send the request" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeFocused();
    const confirm = await waitForEmail(request, VISITOR, /^Confirm your request to erase/);
    await page.goto(confirm.links.find((l) => l.includes("/privacy/confirm?token="))!);
    await page.getByRole("button", { name: "Erase my data" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your data is erased" })).toBeFocused();

    const notice = await waitForEmail(request, OWNER, /^Inquiries erased at the sender's request/);
    expect(notice.text).not.toContain(VISITOR);
    await page.goto(`/providers/${PROVIDER.slug}`);
    await expect(page.getByTestId("client-reviews")).toContainText("No reviews yet.");
    await expect(page.getByText(TITLE)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-journey-erased");

    // The local mailbox's copies of the registry's emails to the address went with the erasure.
    const mailbox = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(VISITOR)}`, { headers: { "X-Mailbox-Secret": MAILBOX_SECRET } });
    const subjects = ((await mailbox.json()) as { subject: string }[]).map((m) => m.subject);
    expect(subjects.filter((s) => /Did you work with|We received your review|replied to your review/.test(s))).toEqual([]);
  });
});
