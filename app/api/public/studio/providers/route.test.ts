import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { GET, OPTIONS, POST } from "./route";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

beforeAll(async () => {
  const db = getDb();
  await db.delete(providers);
  // Listed: featured ones first, then newest, then slug.
  await makeProvider(db, { slug: "alpha", name: "Alpha Design", specialties: ["DESIGN"], publishedAt: day(1) });
  await makeProvider(db, { slug: "bravo", name: "Bravo Data", specialties: ["DATA", "DEVOPS"], publishedAt: day(5) });
  await makeProvider(db, { slug: "charlie", name: "Charlie", headline: "Growth marketing", specialties: ["MARKETING"], featured: true, publishedAt: day(2) });
  await makeProvider(db, { slug: "delta", name: "Delta Dev", specialties: ["DEVELOPMENT", "DESIGN"], featured: true, publishedAt: day(9) });
  await makeProvider(db, { slug: "echo", name: "Echo 100% Design", specialties: ["DESIGN"], publishedAt: day(5) });
  // Not listed: unpublished, pending approval, suspended.
  await makeProvider(db, { slug: "hidden-unpublished", publicProfile: false, publishedAt: null, specialties: ["DESIGN"] });
  await makeProvider(db, { slug: "hidden-pending", approvalStatus: "PENDING", specialties: ["DESIGN"] });
  await makeProvider(db, { slug: "hidden-suspended", approvalStatus: "SUSPENDED", featured: true });
});

async function list(query = "") {
  const response = await call(GET, `/api/public/studio/providers${query}`);
  return { response, body: response.status === 200 ? await response.json() : null };
}

describe("GET /api/public/studio/providers", () => {
  it("lists only approved, published providers: featured first, then newest, then slug", async () => {
    const { response, body } = await list();
    expect(response.status).toBe(200);
    expect(body.data.map((p: { slug: string }) => p.slug)).toEqual(["delta", "charlie", "bravo", "echo", "alpha"]);
    expect(body).toMatchObject({ total: 5, page: 1, limit: 20 });
  });

  it("returns items in exactly the summary form", async () => {
    const { body } = await list();
    expect(Object.keys(body.data[0]).sort()).toEqual(
      ["featured", "headline", "name", "publishedAt", "slug", "specialties"].sort(),
    );
    expect(body.data[0]).toEqual({
      slug: "delta",
      name: "Delta Dev",
      headline: "We build things",
      specialties: ["DEVELOPMENT", "DESIGN"],
      featured: true,
      publishedAt: day(9).toISOString(),
    });
  });

  it("filters by specialty, case-insensitively", async () => {
    const { body } = await list("?specialty=design");
    expect(body.data.map((p: { slug: string }) => p.slug)).toEqual(["delta", "echo", "alpha"]);
    expect(body.total).toBe(3);
  });

  it("filters by featured=true, and treats featured=false as no filter", async () => {
    expect((await list("?featured=true")).body.data.map((p: { slug: string }) => p.slug)).toEqual(["delta", "charlie"]);
    expect((await list("?featured=false")).body.total).toBe(5);
  });

  it("combines specialty and featured", async () => {
    const { body } = await list("?specialty=DESIGN&featured=true");
    expect(body.data.map((p: { slug: string }) => p.slug)).toEqual(["delta"]);
  });

  it("searches name and headline with q, treating % and _ literally", async () => {
    expect((await list("?q=growth")).body.data.map((p: { slug: string }) => p.slug)).toEqual(["charlie"]);
    expect((await list("?q=100%25")).body.data.map((p: { slug: string }) => p.slug)).toEqual(["echo"]);
    expect((await list("?q=%25")).body.data.map((p: { slug: string }) => p.slug)).toEqual(["echo"]);
  });

  it("paginates stably and answers a page past the end with no data and the true total", async () => {
    const first = (await list("?limit=2&page=1")).body;
    const second = (await list("?limit=2&page=2")).body;
    const third = (await list("?limit=2&page=3")).body;
    expect([...first.data, ...second.data, ...third.data].map((p: { slug: string }) => p.slug)).toEqual([
      "delta", "charlie", "bravo", "echo", "alpha",
    ]);
    const past = (await list("?limit=2&page=99")).body;
    expect(past).toEqual({ data: [], total: 5, page: 99, limit: 2 });
  });

  it("clamps limit above 100 to 100 and says so", async () => {
    const { response, body } = await list("?limit=500");
    expect(response.status).toBe(200);
    expect(body.limit).toBe(100);
  });

  it.each([
    ["specialty=COOKING", "specialty"],
    ["featured=yes", "featured"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=1.5", "page"],
    ["page=abc", "page"],
    ["limit=0", "limit"],
    ["limit=-5", "limit"],
    ["limit=2.5", "limit"],
    ["limit=", "limit"],
  ])("refuses ?%s with 400 VALIDATION_FAILED naming %s", async (query, field) => {
    const response = await call(GET, `/api/public/studio/providers?${query}`);
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors?.map((e) => e.path)).toEqual([field]);
  });

  it("is cacheable: s-maxage, ETag, 304 on If-None-Match, CORS for any origin on the 200 and the 304", async () => {
    const { response } = await list();
    expect(response.headers.get("cache-control")).toMatch(/^public, .*s-maxage=\d+/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await call(GET, "/api/public/studio/providers", { headers: { "if-none-match": etag!, origin: "https://elsewhere.example" } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("access-control-allow-origin")).toBe("*");
    expect(again.headers.get("access-control-expose-headers")).toContain("ETag");
    expect(again.headers.get("etag")).toBe(etag);
    const other = await call(GET, "/api/public/studio/providers?page=2", { headers: { "if-none-match": etag! } });
    expect(other.status).toBe(200);
  });

  it("echoes a valid X-Request-Id and makes one otherwise", async () => {
    const echoed = await call(GET, "/api/public/studio/providers", { headers: { "x-request-id": "abc-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("abc-123");
    const made = await call(GET, "/api/public/studio/providers", { headers: { "x-request-id": "bad id with spaces" } });
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers a refused read (400) with CORS headers, so a script on another origin can read the problem", async () => {
    const response = await call(GET, "/api/public/studio/providers?limit=0", { headers: { origin: "https://elsewhere.example" } });
    expect(response.status).toBe(400);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toContain("X-Request-Id");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers a CORS preflight (OPTIONS) from any origin with 204 allowing GET and If-None-Match", async () => {
    const response = await call(OPTIONS, "/api/public/studio/providers", {
      method: "OPTIONS",
      headers: { origin: "https://elsewhere.example", "access-control-request-method": "GET", "access-control-request-headers": "if-none-match" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")?.split(/,\s*/)).toEqual(expect.arrayContaining(["GET", "HEAD", "OPTIONS"]));
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("if-none-match");
  });

  it("answers other methods with 405 and Allow: GET, HEAD, OPTIONS", async () => {
    const response = await call(POST, "/api/public/studio/providers", { json: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await problemOf(response)).code).toBe("METHOD_NOT_ALLOWED");
  });
});
