import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerSlugRedirects } from "@/db/schema";
import { refreshResponsiveness } from "@/lib/inquiries/refresh-responsiveness";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "./route";

const get = (slug: string, headers?: Record<string, string>) =>
  call(GET, `/api/public/studio/providers/${slug}`, { params: { slug }, headers });

beforeAll(async () => {
  const db = getDb();
  await makeProvider(db, {
    slug: "northwind",
    name: "Northwind",
    headline: "Design systems",
    description: "Line one.\n\nLine two.",
    specialties: ["DESIGN"],
    websiteUrl: "https://northwind.example",
    logoUrl: "https://northwind.example/logo.png",
    bannerUrl: null,
    featured: true,
    publishedAt: new Date("2026-03-04T05:06:07.089Z"),
    countryCode: "DE",
    city: "Berlin",
    languages: ["de", "en"],
    teamSize: "10-49",
    hourlyRate: "100-149",
    minProjectBudget: 15000,
    foundedYear: 2012,
    portfolio: [{ title: "Bank app", url: "https://bank.example/case" }],
  });
  await makeProvider(db, { slug: "unpublished-co", publicProfile: false });
  await makeProvider(db, { slug: "pending-co", approvalStatus: "PENDING" });
  const suspended = await makeProvider(db, { slug: "suspended-co", approvalStatus: "SUSPENDED" });
  const northwind = await makeProvider(db, { slug: "northwind-renamed", name: "Renamed" });
  await db.insert(providerSlugRedirects).values([
    { oldSlug: "northwind-old", providerId: northwind.id },
    { oldSlug: "suspended-old", providerId: suspended.id },
  ]);
});

describe("GET /api/public/studio/providers/:slug", () => {
  it("returns the public profile with exactly the contract's fields and the profile facts (extensions §1)", async () => {
    const response = await get("northwind");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      slug: "northwind",
      name: "Northwind",
      headline: "Design systems",
      description: "Line one.\n\nLine two.",
      specialties: ["DESIGN"],
      websiteUrl: "https://northwind.example",
      logoUrl: "https://northwind.example/logo.png",
      bannerUrl: null,
      featured: true,
      publishedAt: "2026-03-04T05:06:07.089Z",
      // Extensions §6: when the provider last confirmed its details.
      confirmedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      countryCode: "DE",
      city: "Berlin",
      remote: true,
      languages: ["de", "en"],
      teamSize: "10-49",
      hourlyRate: "100-149",
      minProjectBudget: 15000,
      foundedYear: 2012,
      acceptingClients: true,
      portfolio: [{ title: "Bank app", url: "https://bank.example/case", summary: null, imageUrl: null }],
      // Extensions §3: null while fewer than 5 inquiries were delivered in 90 days.
      responsiveness: null,
      // Extensions §5: null until the provider's rank is first computed (made here without the ranking job).
      ranking: null,
      // Extensions §4: the published reviews' figures (none yet) and the registry's active notices.
      reviews: {
        count: 0,
        average: null,
        distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 },
        recommendShare: null,
        subRatings: { quality: null, schedule: null, communication: null, value: null },
        bayesian24m: 3.5,
      },
      notices: [],
    });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("etag")).toBeTruthy();
    // Shared caches may keep it a short time (the contract's s-maxage).
    expect(response.headers.get("cache-control")).toMatch(/^public, .*s-maxage=\d+/);
  });

  it("answers an old slug of a listed provider with 301 to its current address", async () => {
    const response = await get("northwind-old");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/api/public/studio/providers/northwind-renamed");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toContain("public");
    expect(await response.text()).toBe("");
  });

  it.each(["no-such-slug", "unpublished-co", "pending-co", "suspended-co", "suspended-old"])(
    "answers 404 NOT_FOUND for %s",
    async (slug) => {
      const response = await get(slug);
      expect(response.status).toBe(404);
      const problem = await problemOf(response);
      expect(problem).toMatchObject({ status: 404, code: "NOT_FOUND", title: "Not found" });
      expect(problem.requestId).toBe(response.headers.get("x-request-id"));
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
    },
  );

  it("answers 304 to a matching conditional request, with the ETag and CORS headers", async () => {
    const first = await get("northwind");
    const etag = first.headers.get("etag")!;
    const second = await get("northwind", { "if-none-match": etag, origin: "https://elsewhere.example" });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe("");
    expect(second.headers.get("etag")).toBe(etag);
    expect(second.headers.get("access-control-allow-origin")).toBe("*");
    expect(second.headers.get("access-control-expose-headers")).toContain("ETag");
  });

  it("answers a CORS preflight (OPTIONS) from any origin with 204 allowing GET", async () => {
    const response = await call(OPTIONS, "/api/public/studio/providers/northwind", {
      method: "OPTIONS",
      params: { slug: "northwind" },
      headers: { origin: "https://elsewhere.example", "access-control-request-method": "GET" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")?.split(/,\s*/)).toContain("GET");
  });

  it("answers other methods with 405 METHOD_NOT_ALLOWED and Allow: GET, HEAD, OPTIONS", async () => {
    for (const [method, handler] of [["POST", POST], ["PUT", PUT], ["PATCH", PATCH], ["DELETE", DELETE]] as const) {
      const response = await call(handler, "/api/public/studio/providers/northwind", { method, params: { slug: "northwind" } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow"), method).toBe("GET, HEAD, OPTIONS");
      expect((await problemOf(response)).code).toBe("METHOD_NOT_ALLOWED");
    }
  });
});

describe("GET /api/public/studio/providers/:slug responsiveness (extensions §3)", () => {
  it("shows the maintained responsiveness once 5 inquiries were delivered in 90 days", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    for (const answeredAfter of [1, 2, 3, 4, 5]) {
      await makeInquiry(db, {
        providerId: provider.id,
        status: "REPLIED",
        deliveredAt: new Date(Date.now() - 10 * 3600_000),
        firstResponseAt: new Date(Date.now() - (10 - answeredAfter) * 3600_000),
      });
    }
    await refreshResponsiveness(db, { providerId: provider.id });
    const body = await (await get(provider.slug)).json();
    expect(body.responsiveness).toEqual({ medianHours: 3, respondedShare: 1, sample: 5 });
  });
});
