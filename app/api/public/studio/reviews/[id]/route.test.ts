import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, providerListingState, type Provider } from "@/db/schema";
import { providerReviewStats, reviews } from "@/db/schema-reviews";
import { editReview } from "@/lib/reviews/edit-review";
import { publishDueReviews } from "@/lib/reviews/publish-due-reviews";
import { refreshReviewStats } from "@/lib/reviews/refresh-review-stats";
import { withdrawReview } from "@/lib/reviews/withdraw-review";
import { makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { makeInvitation, makeReview } from "@/test/support/review-factories";
import { unchangedBy } from "@/test/support/snapshot";
import { POST as SUBMIT } from "../route";
import { DELETE, GET, PATCH } from "./route";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const REVIEW = {
  workedTogether: true,
  projectStatus: "ONGOING",
  overall: 3,
  wouldRecommend: false,
  title: "Good start, slow middle",
  body: "The first month went well; after that answers took a week and the schedule slipped twice without warning.",
  display: "INITIALS",
  reviewerName: "Ada Lovelace",
};

const q = (token: string) => `?token=${encodeURIComponent(token)}`;
const patch = (id: string, token: string, body: unknown) =>
  call(PATCH, `/api/public/studio/reviews/${id}${q(token)}`, { method: "PATCH", json: body, params: { id } });
const del = (id: string, token: string) => call(DELETE, `/api/public/studio/reviews/${id}${q(token)}`, { method: "DELETE", params: { id } });
const rowOf = async (id: string) => (await getDb().select().from(reviews).where(eq(reviews.id, id)))[0]!;
const version = async () => (await getDb().select().from(providerListingState))[0]!.version;

/** A review written through the API, with the edit token its REVIEW_RECEIVED email carries. */
async function written(providerId: string): Promise<{ id: string; token: string }> {
  const email = `writer-${randomUUID().slice(0, 8)}@client.example`;
  const { token } = await makeInvitation(getDb(), { providerId, senderEmail: email });
  const response = await call(SUBMIT, `/api/public/studio/reviews${q(token)}`, { json: REVIEW });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, email));
  const editToken = /\/reviews\/edit\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text!)![1]!;
  return { id, token: editToken };
}

let provider: Provider;
beforeAll(async () => {
  provider = await makeProvider(getDb(), { name: "Harbour Works" });
});

describe("PATCH /api/public/studio/reviews/:id", () => {
  it("changes a PENDING review's fields and restarts its cool-off; absent fields stay", async () => {
    const { id, token } = await written(provider.id);
    const before = await rowOf(id);
    const response = await patch(id, token, { overall: 4, title: "Good start, better finish" });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("@client.example");
    const body = JSON.parse(text);
    expect(body).toMatchObject({ id, status: "PENDING", pendingEdit: false, pendingEditPublishAfter: null });
    const after = await rowOf(id);
    expect(after).toMatchObject({ overall: 4, title: "Good start, better finish", body: before.body, wouldRecommend: false, pendingEdit: null });
    expect(after.publishAfter.getTime()).toBeGreaterThanOrEqual(before.publishAfter.getTime());
    expect(body.publishAfter).toBe(after.publishAfter.toISOString());
  });

  it("keeps a PUBLISHED review's text as the public sees it and holds the edit for its own 24 hours", async () => {
    const db = getDb();
    const { id, token } = await written(provider.id);
    const publishedAt = new Date(Date.now() - DAY_MS);
    await db.update(reviews).set({ status: "PUBLISHED", publishedAt }).where(eq(reviews.id, id));
    const now = new Date();
    const first = await editReview(db, { reviewId: id, token, edit: { overall: 5 }, now });
    const second = await editReview(db, { reviewId: id, token, edit: { title: "Slow middle, strong finish" }, now });
    expect(first.pendingEdit).toBe(true);
    expect(second).toMatchObject({ status: "PUBLISHED", pendingEdit: true, pendingEditPublishAfter: new Date(now.getTime() + 24 * HOUR_MS).toISOString() });
    const row = await rowOf(id);
    // What the public reads is unchanged until publishing applies the edit.
    expect(row).toMatchObject({ status: "PUBLISHED", overall: 3, title: REVIEW.title, publishedAt, editedAt: null });
    expect(row.pendingEdit).toEqual({ overall: 5, title: "Slow middle, strong finish" });
  });

  it("publishes a written review after its cool-off, and a published review's edit only after the edit's own 24 hours", async () => {
    const db = getDb();
    const own = await makeProvider(db, { name: "Dockside Labs" });
    const { id, token } = await written(own.id);
    const fresh = await rowOf(id);
    await publishDueReviews(db, { now: new Date(fresh.publishAfter.getTime() - 60_000) });
    expect((await rowOf(id)).status).toBe("PENDING");
    await publishDueReviews(db, { now: fresh.publishAfter });
    const published = await rowOf(id);
    expect(published).toMatchObject({ status: "PUBLISHED", overall: 3 });

    const editedAt = new Date(published.publishedAt!.getTime() + HOUR_MS);
    await editReview(db, { reviewId: id, token, edit: { overall: 5, title: "Slow middle, strong finish" }, now: editedAt });
    await publishDueReviews(db, { now: new Date(editedAt.getTime() + 23 * HOUR_MS) });
    expect(await rowOf(id)).toMatchObject({ overall: 3, title: REVIEW.title, editedAt: null });
    await publishDueReviews(db, { now: new Date(editedAt.getTime() + 24 * HOUR_MS) });
    const applied = await rowOf(id);
    expect(applied).toMatchObject({ status: "PUBLISHED", overall: 5, title: "Slow middle, strong finish", pendingEdit: null });
    expect(applied.editedAt).not.toBeNull();
  });

  it("answers 404 for a token of another review or an unknown id, 400 for a malformed token, and changes nothing", async () => {
    const db = getDb();
    const mine = await written(provider.id);
    const theirs = await written(provider.id);
    await unchangedBy(db, async () => {
      for (const [id, token] of [
        [mine.id, theirs.token],
        [randomUUID(), mine.token],
        ["not-a-uuid", mine.token],
      ] as const) {
        const response = await patch(id, token, { overall: 1 });
        expect(response.status).toBe(404);
        expect((await problemOf(response)).code).toBe("NOT_FOUND");
        expect((await del(id, token)).status).toBe(404);
      }
      const malformed = await patch(mine.id, "nope", { overall: 1 });
      expect((await problemOf(malformed)).code).toBe("TOKEN_INVALID");
    });
    expect((await rowOf(mine.id)).overall).toBe(3);
  });

  it("answers 410 TOKEN_EXPIRED 30 days after the review was written, for edits and withdrawals alike", async () => {
    const db = getDb();
    const { id, token } = await written(provider.id);
    const later = new Date(Date.now() + 30 * DAY_MS + 1000);
    await expect(editReview(db, { reviewId: id, token, edit: { overall: 1 }, now: later })).rejects.toMatchObject({ code: "TOKEN_EXPIRED" });
    await expect(withdrawReview(db, { reviewId: id, token, now: later })).rejects.toMatchObject({ code: "TOKEN_EXPIRED" });
    const justBefore = new Date(Date.now() + 29 * DAY_MS);
    await expect(editReview(db, { reviewId: id, token, edit: { overall: 2 }, now: justBefore })).resolves.toMatchObject({ status: "PENDING" });
    expect((await rowOf(id)).status).toBe("PENDING");
  });

  it("refuses to edit a withdrawn or removed review with 409 CONFLICT", async () => {
    const db = getDb();
    const { id, token } = await written(provider.id);
    expect((await del(id, token)).status).toBe(204);
    const response = await patch(id, token, { overall: 5 });
    expect(response.status).toBe(409);
    expect((await problemOf(response)).code).toBe("CONFLICT");
    const removed = await written(provider.id);
    await db.update(reviews).set({ status: "REMOVED" }).where(eq(reviews.id, removed.id));
    expect((await patch(removed.id, removed.token, { overall: 5 })).status).toBe(409);
    expect((await del(removed.id, removed.token)).status).toBe(409);
    expect((await rowOf(removed.id)).status).toBe("REMOVED");
  });

  it("refuses invalid fields with 400 VALIDATION_FAILED", async () => {
    const { id, token } = await written(provider.id);
    const response = await patch(id, token, { overall: 0, display: "EVERYTHING" });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors!.map((e) => e.path).sort()).toEqual(["display", "overall"]);
  });
});

describe("DELETE /api/public/studio/reviews/:id", () => {
  it("withdraws a published review: 204, stats recomputed and the listing version bumped, in one go; again is 204", async () => {
    const db = getDb();
    const own = await makeProvider(db, { name: "Quay Digital" });
    await makeReview(db, { providerId: own.id, overall: 5 });
    await makeReview(db, { providerId: own.id, overall: 4 });
    const { id, token } = await written(own.id);
    await db.update(reviews).set({ status: "PUBLISHED", publishedAt: new Date() }).where(eq(reviews.id, id));
    await refreshReviewStats(db, { now: new Date(), providerIds: [own.id] });
    const statsBefore = (await db.select().from(providerReviewStats).where(eq(providerReviewStats.providerId, own.id)))[0]!;
    expect(statsBefore).toMatchObject({ count: 3, sumOverall: 12 });
    const versionBefore = await version();

    const response = await del(id, token);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(await rowOf(id)).toMatchObject({ status: "WITHDRAWN", pendingEdit: null });
    const statsAfter = (await db.select().from(providerReviewStats).where(eq(providerReviewStats.providerId, own.id)))[0]!;
    expect(statsAfter).toMatchObject({ count: 2, sumOverall: 9, distribution: [0, 0, 0, 1, 1] });
    expect(await version()).not.toBe(versionBefore);

    const again = await unchangedBy(db, () => del(id, token));
    expect(again.status).toBe(204);
  });

  it("withdraws a pending review before it ever shows", async () => {
    const { id, token } = await written(provider.id);
    expect((await del(id, token)).status).toBe(204);
    expect((await rowOf(id)).status).toBe("WITHDRAWN");
  });

  it("supports only PATCH and DELETE", async () => {
    expect((await call(GET, "/api/public/studio/reviews/x", { params: { id: "x" } })).status).toBe(405);
  });
});
