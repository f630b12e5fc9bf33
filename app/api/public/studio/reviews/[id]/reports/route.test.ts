import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { reviewReports, reviews } from "@/db/schema-reviews";
import { RATE_LIMITED_DETAIL } from "@/lib/rate-limit/rate-limited-error";
import { REVIEW_REPORTS_PER_IP_PER_HOUR } from "@/lib/reviews/review-rules";
import { makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { peerAddressHeaders } from "@/test/support/peer-address";
import { raceTest } from "@/test/support/races";
import { makeReview } from "@/test/support/review-factories";
import { unchangedBy } from "@/test/support/snapshot";
import { GET, POST } from "./route";

const submit = (id: string, body: unknown, headers?: Record<string, string>) =>
  call(POST, `/api/public/studio/reviews/${id}/reports`, { json: body, headers, params: { id } });

let ip = 0;
const freshClient = () => peerAddressHeaders(`203.0.113.${++ip}`);
const valid = { reason: "FAKE", note: "The company named in it does not exist." };
const reportsOf = (reviewId: string) => getDb().select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId));

async function publishedReview() {
  const provider = await makeProvider(getDb());
  return makeReview(getDb(), { providerId: provider.id });
}

describe("POST /api/public/studio/reviews/:id/reports", () => {
  it("accepts a report with 202, stores it OPEN with a hash of the client, and leaves the review published", async () => {
    const review = await publishedReview();
    const response = await submit(review.id, { ...valid, email: " Reader@Example.com " }, freshClient());
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ success: true });
    const [row] = await reportsOf(review.id);
    expect(row).toMatchObject({ reason: "FAKE", note: valid.note, reporterEmail: "reader@example.com", status: "OPEN" });
    expect(row!.reporterKey).toMatch(/^[0-9a-f]{64}$/);
    const [after] = await getDb().select({ status: reviews.status }).from(reviews).where(eq(reviews.id, review.id));
    expect(after!.status).toBe("PUBLISHED");
  });

  it("validates the reason and a note of 10 to 1000 characters", async () => {
    const review = await publishedReview();
    const client = freshClient();
    for (const body of [{ reason: "FAKE" }, { reason: "FAKE", note: "too short" }, { reason: "NOPE", note: valid.note }, { ...valid, note: "x".repeat(1001) }, { ...valid, email: "not-an-email" }]) {
      const response = await submit(review.id, body, client);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await problemOf(response)).code).toBe("VALIDATION_FAILED");
    }
    expect(await reportsOf(review.id)).toEqual([]);
  });

  it("answers 404 for a review that is not published, of a provider not listed, or unknown, and stores nothing", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const hidden = await makeProvider(db, { publicProfile: false });
    const pending = await makeReview(db, { providerId: provider.id, status: "PENDING" });
    const removed = await makeReview(db, { providerId: provider.id, status: "REMOVED" });
    const ofHidden = await makeReview(db, { providerId: hidden.id });
    for (const id of [pending.id, removed.id, ofHidden.id, randomUUID(), "not-a-uuid"]) {
      const response = await submit(id, valid, freshClient());
      expect(response.status, id).toBe(404);
    }
    for (const r of [pending, removed, ofHidden]) expect(await reportsOf(r.id)).toEqual([]);
  });

  it("takes one report per client per review: a repeat answers 202 and changes nothing, not even the hourly count", async () => {
    const review = await publishedReview();
    const other = await publishedReview();
    const client = freshClient();
    expect((await submit(review.id, valid, client)).status).toBe(202);
    await unchangedBy(getDb(), async () => {
      for (let i = 0; i < REVIEW_REPORTS_PER_IP_PER_HOUR + 1; i++) expect((await submit(review.id, { ...valid, reason: "OTHER" }, client)).status).toBe(202);
    });
    expect(await reportsOf(review.id)).toHaveLength(1);
    expect((await submit(other.id, valid, client)).status).toBe(202);
    expect((await submit(review.id, valid, freshClient())).status).toBe(202);
    expect(await reportsOf(review.id)).toHaveLength(2);
  });

  it("limits a client to 5 reports an hour, with Retry-After and the neutral detail", async () => {
    const targets = await Promise.all(Array.from({ length: REVIEW_REPORTS_PER_IP_PER_HOUR + 1 }, () => publishedReview()));
    const client = freshClient();
    for (const target of targets.slice(0, -1)) expect((await submit(target.id, valid, client)).status).toBe(202);
    const last = targets.at(-1)!;
    const refused = await submit(last.id, valid, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await problemOf(refused)).detail).toBe(RATE_LIMITED_DETAIL);
    expect(await reportsOf(last.id)).toEqual([]);
    expect((await submit(last.id, valid, freshClient())).status).toBe(202);
  });

  it("stores exactly 1 of 10 simultaneous reports of one review from one client", raceTest, async () => {
    const review = await publishedReview();
    const client = freshClient();
    const responses = await Promise.all(Array.from({ length: 10 }, () => submit(review.id, valid, client)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(202));
    expect(await reportsOf(review.id)).toHaveLength(1);
  });

  it("answers other methods with 405 and Allow: POST", async () => {
    const response = await call(GET, `/api/public/studio/reviews/${randomUUID()}/reports`, { params: { id: "x" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("POST");
  });
});
