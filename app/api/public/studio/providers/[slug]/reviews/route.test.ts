import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerSlugRedirects } from "@/db/schema";
import { providerNotices, reviewReplies } from "@/db/schema-reviews";
import { refreshReviewStats } from "@/lib/reviews/refresh-review-stats";
import { makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { makeReview } from "@/test/support/review-factories";
import { GET as PROFILE } from "../route";
import { GET, POST } from "./route";

const list = (slug: string, search = "", headers?: Record<string, string>) =>
  call(GET, `/api/public/studio/providers/${slug}/reviews${search}`, { params: { slug }, headers });
const profile = (slug: string) => call(PROFILE, `/api/public/studio/providers/${slug}`, { params: { slug } });
const DAY_MS = 86_400_000;

describe("GET /api/public/studio/providers/:slug/reviews", () => {
  it("answers a page of published reviews with total, page, limit and stats, and validates the query", async () => {
    const db = getDb();
    const p = await makeProvider(db);
    for (const overall of [5, 4, 3]) await makeReview(db, { providerId: p.id, overall, publishedAt: new Date(Date.now() - overall * DAY_MS) });
    await refreshReviewStats(db, { now: new Date(), providerIds: [p.id] });

    const response = await list(p.slug, "?sort=lowest&limit=2");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["data", "total", "page", "limit", "stats"]);
    expect(body).toMatchObject({ total: 3, page: 1, limit: 2, stats: { count: 3, average: 4 } });
    expect(body.data.map((r: { overall: number }) => r.overall)).toEqual([3, 4]);
    expect(response.headers.get("etag")).toBeTruthy();
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const again = await list(p.slug, "?sort=lowest&limit=2", { "if-none-match": response.headers.get("etag")! });
    expect(again.status).toBe(304);

    for (const search of ["?sort=best", "?page=0", "?limit=x"]) {
      const bad = await list(p.slug, search);
      expect(bad.status, search).toBe(400);
      expect((await problemOf(bad)).code).toBe("VALIDATION_FAILED");
    }
  });

  it("answers 404 exactly where the profile does, and an old slug with 301 to the new address", async () => {
    const db = getDb();
    const hidden = await makeProvider(db, { publicProfile: false });
    await makeReview(db, { providerId: hidden.id });
    for (const slug of [hidden.slug, "no-such-studio"]) {
      expect((await list(slug)).status).toBe(404);
      expect((await profile(slug)).status).toBe(404);
    }
    const moved = await makeProvider(db);
    await db.insert(providerSlugRedirects).values({ oldSlug: `${moved.slug}-before`, providerId: moved.id });
    const response = await list(`${moved.slug}-before`, "?sort=highest");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`/api/public/studio/providers/${moved.slug}/reviews?sort=highest`);
  });

  it("refuses other methods with 405", async () => {
    const response = await call(POST, "/api/public/studio/providers/x/reviews", { method: "POST", json: {}, params: { slug: "x" } });
    expect(response.status).toBe(405);
  });
});

describe("GET /api/public/studio/providers/:slug: reviews and notices", () => {
  it("carries the review figures and the active notices only, and a new reply shows at once on the list", async () => {
    const db = getDb();
    const p = await makeProvider(db);
    const [first] = await Promise.all([
      makeReview(db, { providerId: p.id, overall: 5, quality: 4 }),
      makeReview(db, { providerId: p.id, overall: 4, quality: 4 }),
      makeReview(db, { providerId: p.id, overall: 4, quality: 5, wouldRecommend: false }),
    ]);
    await refreshReviewStats(db, { now: new Date(), providerIds: [p.id] });
    const since = new Date(Date.now() - DAY_MS);
    await db.insert(providerNotices).values([
      { providerId: p.id, kind: "REVIEW_MANIPULATION", body: "We removed reviews written by the provider's staff.", createdAt: since, endsAt: new Date(Date.now() + 90 * DAY_MS) },
      { providerId: p.id, kind: "REVIEW_MANIPULATION", body: "Ended.", endsAt: new Date(Date.now() - 1000) },
      { providerId: p.id, kind: "REVIEW_MANIPULATION", body: "Removed.", endsAt: new Date(Date.now() + DAY_MS), removedAt: new Date() },
    ]);
    const body = await (await profile(p.slug)).json();
    expect(body.reviews).toEqual({
      count: 3,
      average: 4.33,
      distribution: { "1": 0, "2": 0, "3": 0, "4": 2, "5": 1 },
      recommendShare: 0.667,
      subRatings: { quality: 4.33, schedule: null, communication: null, value: null },
      bayesian24m: expect.any(Number),
    });
    expect(body.notices).toEqual([
      { kind: "REVIEW_MANIPULATION", body: "We removed reviews written by the provider's staff.", since: since.toISOString() },
    ]);

    await db.insert(reviewReplies).values({ reviewId: first.id, body: "Thank you!" });
    const reviews = await (await list(p.slug)).json();
    expect(reviews.data.find((r: { id: string }) => r.id === first.id).reply).toMatchObject({ body: "Thank you!" });
  });
});
