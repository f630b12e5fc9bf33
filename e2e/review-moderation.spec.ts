import { PLATFORM_ADMIN } from "../scripts/seed/demo-data";
import { recordAtTwoWidths } from "./journeys-kit";
import { expect, expectNoAxeViolations, signInThroughMailbox, signOut, test, waitForEmail } from "./fixtures";
import { REVIEW_MODERATION_FIXTURES } from "./seed/reviews";

// Review moderation (extensions §4): the owner replies to and disputes a published review, a MEMBER
// reads it, the reviewer answers the dispute without JavaScript, and an admin decides the dispute and
// adds a notice. Fixtures (the review rows written directly): e2e/seed/reviews.ts.

const PROVIDER = REVIEW_MODERATION_FIXTURES.providers[0]!;
const OWNER = PROVIDER.owner.email;
const MEMBER = PROVIDER.members[0]!.email;
const REVIEW = PROVIDER.reviews[0]!;
const HELD = PROVIDER.reviews[1]!;
const REPLY = "Thank you, Carla. We have since added a second developer so answers come faster.";
const DISPUTE_NOTE = "This review names our intern and their phone number in an earlier draft we were sent.";
const ANSWER = "I stand by the review: answers took a week at times.";

test.describe.serial("review moderation: reply, dispute, answer, decide", () => {
  test("the owner sees the pending count, replies once and disputes the review", async ({ page, request }) => {
    test.setTimeout(120_000);
    await signInThroughMailbox(page, OWNER, "/studio/reviews");
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    await expect(page.getByText("1 review is waiting to be published.")).toBeVisible();
    await expect(page.locator("body")).not.toContainText(HELD.title);
    await expect(page.locator("body")).not.toContainText(REVIEW.reviewerEmail);
    const review = page.getByRole("article", { name: REVIEW.title });
    await expect(review).toContainText(REVIEW.body);
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-moderation-studio-before");

    await review.getByLabel(/Your public reply/).fill(REPLY);
    await review.getByRole("button", { name: "Publish reply" }).click();
    await expect(page.getByText("Reply published. The reviewer is told by email.")).toBeVisible();
    // Within the hour the reply stays editable.
    await expect(review.getByRole("button", { name: "Save reply" })).toBeVisible();
    const replyMail = await waitForEmail(request, REVIEW.reviewerEmail, /replied to your review/);
    expect(replyMail.text).toContain("second developer");

    await review.getByText("Dispute this review").click();
    const dispute = review.getByRole("form", { name: "Dispute this review" });
    await dispute.getByLabel("Reason").selectOption("PERSONAL_DATA");
    await dispute.getByLabel(/What the moderators should know/).fill(DISPUTE_NOTE);
    await dispute.getByRole("button", { name: "Open dispute" }).click();
    await expect(page.getByText(/Dispute opened\. The registry decides by/)).toBeVisible();
    await expect(review.getByText("Under review by Provider Registry")).toBeVisible();
    await expect(review.getByText(/Your dispute \(Personal data\): open/)).toBeVisible();
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-moderation-studio-disputed");
    await signOut(page);
  });

  test("a MEMBER reads the reviews but has no reply or dispute controls", async ({ page }) => {
    test.setTimeout(90_000);
    await signInThroughMailbox(page, MEMBER, "/studio/reviews");
    await expect(page.getByText("You can read reviews; owners and admins reply to and dispute them.")).toBeVisible();
    const review = page.getByRole("article", { name: REVIEW.title });
    await expect(review).toContainText(REPLY);
    await expect(review.getByRole("button")).toHaveCount(0);
    await expect(review.getByText("Dispute this review")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await signOut(page);
  });

  test("the reviewer answers the dispute from the emailed link, without JavaScript", async ({ browser, page: scripted, request }) => {
    const mail = await waitForEmail(request, REVIEW.reviewerEmail, /asked Provider Registry to check your review/);
    expect(mail.text).not.toContain(DISPUTE_NOTE);
    const link = mail.links.find((l) => l.includes("/reviews/dispute?token="))!;
    // axe needs scripts: the page (GET changes nothing) is checked with JavaScript on first.
    await scripted.goto(link);
    await expect(scripted.getByRole("heading", { level: 1, name: "A provider disputes your review" })).toBeVisible();
    await expectNoAxeViolations(scripted);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
    try {
      const page = await context.newPage();
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "A provider disputes your review" })).toBeVisible();
      await expect(page.getByText("The provider says the review contains personal data")).toBeVisible();
      await expect(page.locator("body")).not.toContainText(DISPUTE_NOTE);
      await page.getByLabel(/Your side/).fill(ANSWER);
      await page.getByRole("button", { name: "Send my answer" }).click();
      await expect(page.getByRole("heading", { name: "Thank you, we have your answer" })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("an admin sees the held review without its rating, decides the dispute and adds a notice", async ({ page, request }) => {
    test.setTimeout(120_000);
    await signInThroughMailbox(page, PLATFORM_ADMIN.email, "/admin/reviews");
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Reviews" })).toBeVisible();
    const held = page.getByRole("article", { name: HELD.title });
    await expect(held).toContainText("The text contains an email address or phone number");
    await expect(held).not.toContainText(/Rated|out of 5|★/);
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-moderation-admin-held");

    await page.getByRole("navigation", { name: "Review moderation sections" }).getByRole("link", { name: "Disputes" }).click();
    const dispute = page.getByRole("article", { name: new RegExp(REVIEW.title) });
    await expect(dispute).toContainText(DISPUTE_NOTE);
    await expect(dispute).toContainText(ANSWER);
    await expect(dispute).toContainText(/13 days \d+ h left/);
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-moderation-admin-disputes");
    await dispute.getByRole("button", { name: "Reject: keep the review" }).click();
    await expect(page.getByText("Dispute decided; both sides are told.")).toBeVisible();
    // Other specs' fixtures may have disputes open too: this one leaves the list.
    await expect(page.getByRole("article", { name: new RegExp(REVIEW.title) })).toHaveCount(0);
    await waitForEmail(request, REVIEW.reviewerEmail, /review dispute was decided/);
    await waitForEmail(request, OWNER, /review dispute was decided/);

    await page.getByRole("navigation", { name: "Review moderation sections" }).getByRole("link", { name: "Notices" }).click();
    const form = page.getByRole("form", { name: "Add a notice" });
    await form.getByLabel("Provider slug").fill(PROVIDER.slug);
    await form.getByLabel(/Notice/).fill("We removed reviews this provider wrote about itself.");
    await form.getByRole("button", { name: "Add notice" }).click();
    await expect(page.getByText("Notice added; it shows on the profile now.")).toBeVisible();
    await expect(page.getByRole("article", { name: PROVIDER.name })).toContainText("We removed reviews this provider wrote about itself.");
    await expectNoAxeViolations(page);
    await recordAtTwoWidths(page, "review-moderation-admin-notices");
    await signOut(page);
  });
});
