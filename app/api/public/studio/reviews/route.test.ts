import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, inquiries, type Provider } from "@/db/schema";
import { reviewInvitations, reviews } from "@/db/schema-reviews";
import { makeMember, makeProvider, makeUser } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { raceTest } from "@/test/support/races";
import { makeInvitation, makeReview } from "@/test/support/review-factories";
import { unchangedBy } from "@/test/support/snapshot";
import { submitReview } from "@/lib/reviews/submit-review";
import { GET, POST } from "./route";

const DAY_MS = 86_400_000;
const REVIEW = {
  workedTogether: true,
  projectStatus: "COMPLETED",
  overall: 4,
  quality: 5,
  schedule: null,
  communication: 4,
  wouldRecommend: true,
  title: "Careful work, honest estimates",
  body: "They rebuilt our booking flow in six weeks and told us early when one part would take longer than planned.",
  display: "NAME_AND_COMPANY",
  reviewerName: "Grace Hopper",
  reviewerCompany: "Compilers Inc",
  incentive: null,
};

const post = (token: string | undefined, body: unknown) =>
  call(POST, `/api/public/studio/reviews${token === undefined ? "" : `?token=${encodeURIComponent(token)}`}`, { json: body });

let provider: Provider;
beforeAll(async () => {
  provider = await makeProvider(getDb(), { name: "Northwind Studio", websiteUrl: "https://northwind.example" });
});

const reviewsOf = (invitationId: string) => getDb().select().from(reviews).where(eq(reviews.invitationId, invitationId));

describe("POST /api/public/studio/reviews", () => {
  it("stores a PENDING review for 24 hours, marks the invitation used and emails the private edit link, never echoing the address", async () => {
    const db = getDb();
    const { invitation, token, inquiryId } = await makeInvitation(db, {
      providerId: provider.id,
      senderEmail: "grace@compilers.example",
      inquiry: { budget: "25k-100k" },
    });
    const before = Date.now();
    const response = await post(token, REVIEW);
    expect(response.status).toBe(201);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const text = await response.text();
    expect(text).not.toContain("grace@");
    const body = JSON.parse(text) as { id: string; status: string; publishAfter: string };
    expect(Object.keys(body).sort()).toEqual(["id", "publishAfter", "status"]);
    expect(body.status).toBe("PENDING");
    const publishAfter = new Date(body.publishAfter).getTime();
    expect(publishAfter - before).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(publishAfter - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const [row] = await reviewsOf(invitation.id);
    expect(row).toMatchObject({
      id: body.id,
      providerId: provider.id,
      inquiryId,
      status: "PENDING",
      overall: 4,
      quality: 5,
      schedule: null,
      value: null,
      projectBudget: "25k-100k",
      verification: "STATED_BY_CLIENT",
      flags: [],
      publishedAt: null,
    });
    expect(row!.editTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.editTokenExpiresAt!.getTime() - row!.createdAt.getTime()).toBe(30 * DAY_MS);
    const [used] = await db.select().from(reviewInvitations).where(eq(reviewInvitations.id, invitation.id));
    expect(used!.usedAt).not.toBeNull();

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "grace@compilers.example"));
    expect(mails.map((m) => m.kind)).toEqual(["REVIEW_RECEIVED"]);
    const link = /\/reviews\/edit\?token=([A-Za-z0-9_-]{43})/.exec(mails[0]!.text!);
    expect(link).not.toBeNull();
    expect(mails[0]!.text).toContain("Northwind Studio");
  });

  it("labels the review CONFIRMED_BY_BOTH when the provider marked the inquiry engaged; an explicit null budget stays null", async () => {
    const db = getDb();
    const { invitation, token } = await makeInvitation(db, { providerId: provider.id, inquiry: { engagedAt: new Date(), budget: "<5k" } });
    expect((await post(token, { ...REVIEW, projectBudget: null })).status).toBe(201);
    const [row] = await reviewsOf(invitation.id);
    expect(row).toMatchObject({ verification: "CONFIRMED_BY_BOTH", projectBudget: null });
  });

  it("refuses a missing, malformed or unknown token with 400 TOKEN_INVALID, storing nothing", async () => {
    const db = getDb();
    await unchangedBy(db, async () => {
      for (const token of [undefined, "short", "A".repeat(43)]) {
        const response = await post(token, REVIEW);
        expect(response.status).toBe(400);
        expect((await problemOf(response)).code).toBe("TOKEN_INVALID");
      }
    });
  });

  it("refuses an invalid body with 400 VALIDATION_FAILED naming the fields, and leaves the invitation unused", async () => {
    const db = getDb();
    const { invitation, token } = await makeInvitation(db, { providerId: provider.id });
    const response = await post(token, { ...REVIEW, workedTogether: false, overall: 6, body: "Too short.", incentive: "x" });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors!.map((e) => e.path).sort()).toEqual(["body", "incentive", "overall", "workedTogether"]);
    expect(await reviewsOf(invitation.id)).toEqual([]);
  });

  it("answers 409 REVIEW_ALREADY_SUBMITTED for a used or declined invitation, and 410 TOKEN_EXPIRED for an expired one", async () => {
    const db = getDb();
    const used = await makeInvitation(db, { providerId: provider.id });
    expect((await post(used.token, REVIEW)).status).toBe(201);
    const again = await post(used.token, REVIEW);
    expect(again.status).toBe(409);
    expect((await problemOf(again)).code).toBe("REVIEW_ALREADY_SUBMITTED");

    const declined = await makeInvitation(db, { providerId: provider.id, invitation: { declinedAt: new Date(), declineReason: "NOT_HIRED" } });
    const declinedAnswer = await post(declined.token, REVIEW);
    expect(declinedAnswer.status).toBe(409);
    expect((await problemOf(declinedAnswer)).code).toBe("REVIEW_ALREADY_SUBMITTED");

    const expired = await makeInvitation(db, { providerId: provider.id, sentAt: new Date(Date.now() - 91 * DAY_MS) });
    const expiredAnswer = await post(expired.token, REVIEW);
    expect(expiredAnswer.status).toBe(410);
    expect((await problemOf(expiredAnswer)).code).toBe("TOKEN_EXPIRED");
    expect(await reviewsOf(declined.invitation.id)).toEqual([]);
    expect(await reviewsOf(expired.invitation.id)).toEqual([]);
  });

  it("re-checks conflicts on submit: a member's mailbox, the provider's domain and a recent review are 403 REVIEW_CONFLICT", async () => {
    const db = getDb();
    const member = await makeUser(db, { email: "mira@members.example" });
    await makeMember(db, { provider, user: member });
    const memberInvite = await makeInvitation(db, { providerId: provider.id, senderEmail: "Mira+reviews@members.example" });
    const domainInvite = await makeInvitation(db, { providerId: provider.id, senderEmail: "ceo@northwind.example" });
    const repeat = "repeat@client.example";
    await makeReview(db, { providerId: provider.id, senderEmail: repeat, publishedAt: new Date(Date.now() - 30 * DAY_MS) });
    const repeatInvite = await makeInvitation(db, { providerId: provider.id, senderEmail: repeat });
    for (const { token, invitation } of [memberInvite, domainInvite, repeatInvite]) {
      const response = await post(token, REVIEW);
      expect(response.status).toBe(403);
      const problem = await problemOf(response);
      expect(problem.code).toBe("REVIEW_CONFLICT");
      // The refusal names no address, so it tells a stranger nothing about who is on the team.
      expect(JSON.stringify(problem)).not.toMatch(/@|members\.example|northwind\.example|client\.example/);
      expect(await reviewsOf(invitation.id)).toEqual([]);
      const [row] = await db.select().from(reviewInvitations).where(eq(reviewInvitations.id, invitation.id));
      expect(row!.usedAt).toBeNull();
    }
  });

  it("refuses an invitation whose inquiry was erased at its sender's request", async () => {
    const db = getDb();
    const { token, inquiryId } = await makeInvitation(db, { providerId: provider.id });
    await db.update(inquiries).set({ erasedAt: new Date() }).where(eq(inquiries.id, inquiryId));
    expect((await problemOf(await post(token, REVIEW))).code).toBe("TOKEN_INVALID");
  });

  it("writes one review from one invitation when the same token is posted ten times in a row", async () => {
    const db = getDb();
    const { invitation, token } = await makeInvitation(db, { providerId: provider.id });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await post(token, REVIEW)).status);
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await reviewsOf(invitation.id)).toHaveLength(1);
  });

  it("writes exactly one review, one email, when 10 posts with one token arrive at once", raceTest, async () => {
    const db = getDb();
    const { invitation, token } = await makeInvitation(db, { providerId: provider.id, senderEmail: "race@client.example" });
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => post(token, REVIEW)))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await reviewsOf(invitation.id)).toHaveLength(1);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, "race@client.example"))).toHaveLength(1);
  });

  it("answers the domain's clock: publishAfter is now + 24 h of the given now", async () => {
    const db = getDb();
    const { token } = await makeInvitation(db, { providerId: provider.id });
    const now = new Date(Date.now() + 3600_000);
    const result = await submitReview(db, { token, input: { ...REVIEW, projectSpecialty: null, value: null, reviewerRole: null } as never, now });
    expect(result.publishAfter).toBe(new Date(now.getTime() + 24 * 3600_000).toISOString());
  });

  it("supports only POST", async () => {
    expect((await call(GET, "/api/public/studio/reviews")).status).toBe(405);
  });
});
