// Extensions §2 on the list route: every discovery filter and sort, their 400s, exact totals.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { GET } from "./route";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

beforeAll(async () => {
  const db = getDb();
  await db.delete(providers);
  await makeProvider(db, {
    slug: "berlin-bau", name: "Berlin Bau", specialties: ["DEVELOPMENT"], publishedAt: day(1),
    countryCode: "DE", languages: ["de", "en"], remote: false, teamSize: "2-9", minProjectBudget: 5_000, acceptingClients: true,
  });
  await makeProvider(db, {
    slug: "munich-data", name: "Munich Data", specialties: ["DATA"], publishedAt: day(4), featured: true,
    countryCode: "DE", languages: ["de"], remote: true, teamSize: "10-49", minProjectBudget: 50_000, acceptingClients: true,
  });
  await makeProvider(db, {
    slug: "atelier-paris", name: "atelier Paris", specialties: ["DESIGN"], publishedAt: day(3),
    countryCode: "FR", languages: ["fr", "en"], remote: true, teamSize: "1", minProjectBudget: null, acceptingClients: false,
  });
  await makeProvider(db, {
    slug: "zurich-ops", name: "zurich ops", specialties: ["DEVOPS"], publishedAt: day(2),
    countryCode: "CH", languages: ["de", "fr"], remote: true, teamSize: "2-9", minProjectBudget: 10_000, acceptingClients: true,
  });
  await makeProvider(db, { slug: "no-facts", name: "No Facts", publishedAt: day(5) });
  // Hidden providers match every filter and must never count.
  await makeProvider(db, { slug: "hidden-de", countryCode: "DE", languages: ["de"], teamSize: "2-9", publicProfile: false });
  await makeProvider(db, { slug: "pending-de", countryCode: "DE", languages: ["de"], teamSize: "2-9", approvalStatus: "PENDING" });
});

async function list(query: string) {
  const response = await call(GET, `/api/public/studio/providers?${query}`);
  expect(response.status, query).toBe(200);
  const body = await response.json();
  return { slugs: body.data.map((p: { slug: string }) => p.slug) as string[], total: body.total as number, body };
}

describe("GET /api/public/studio/providers discovery filters (extensions §2)", () => {
  it("filters by country in any case, with the exact total", async () => {
    expect(await list("country=de")).toMatchObject({ slugs: ["munich-data", "berlin-bau"], total: 2 });
    expect(await list("country=DE")).toMatchObject({ slugs: ["munich-data", "berlin-bau"], total: 2 });
    expect(await list("country=JP")).toMatchObject({ slugs: [], total: 0 });
  });

  it("filters by language", async () => {
    expect(await list("language=fr")).toMatchObject({ slugs: ["atelier-paris", "zurich-ops"], total: 2 });
  });

  it("remote=true keeps remote-friendly providers; remote=false is no filter", async () => {
    expect((await list("remote=true")).slugs).toEqual(["munich-data", "no-facts", "atelier-paris", "zurich-ops"]);
    expect((await list("remote=false")).total).toBe(5);
  });

  it("teamSize matches one band, or any of repeated bands", async () => {
    expect(await list("teamSize=2-9")).toMatchObject({ slugs: ["zurich-ops", "berlin-bau"], total: 2 });
    expect(await list("teamSize=2-9&teamSize=1")).toMatchObject({ slugs: ["atelier-paris", "zurich-ops", "berlin-bau"], total: 3 });
    expect((await list("teamSize=250%2B")).total).toBe(0);
  });

  it("budget keeps providers whose minimum is unstated or at most the budget", async () => {
    expect((await list("budget=9999")).slugs).toEqual(["no-facts", "atelier-paris", "berlin-bau"]);
    expect((await list("budget=10000")).total).toBe(4);
    expect((await list("budget=0")).slugs).toEqual(["no-facts", "atelier-paris"]);
  });

  it("acceptingClients=true leaves out providers not taking clients; false is no filter", async () => {
    expect((await list("acceptingClients=true")).slugs).not.toContain("atelier-paris");
    expect((await list("acceptingClients=true")).total).toBe(4);
    expect((await list("acceptingClients=false")).total).toBe(5);
  });

  it("combines every filter with AND, with exact totals and pages", async () => {
    expect(await list("country=DE&language=de&budget=20000")).toMatchObject({ slugs: ["berlin-bau"], total: 1 });
    expect(await list("language=de&remote=true&teamSize=2-9&teamSize=10-49")).toMatchObject({
      slugs: ["munich-data", "zurich-ops"],
      total: 2,
    });
    expect(await list("language=de&acceptingClients=true&specialty=devops")).toMatchObject({ slugs: ["zurich-ops"], total: 1 });
    const page2 = await list("language=de&limit=2&page=2");
    expect(page2).toMatchObject({ slugs: ["berlin-bau"], total: 3 });
    expect(page2.body).toMatchObject({ page: 2, limit: 2 });
  });

  it("keeps the items in the six-key summary form", async () => {
    const { body } = await list("country=DE&sort=name");
    for (const item of body.data) {
      expect(Object.keys(item).sort()).toEqual(["featured", "headline", "name", "publishedAt", "slug", "specialties"]);
    }
  });
});

describe("GET /api/public/studio/providers sort", () => {
  it("sort=featured (and no sort) is the seed order", async () => {
    const order = ["munich-data", "no-facts", "atelier-paris", "zurich-ops", "berlin-bau"];
    expect((await list("")).slugs).toEqual(order);
    expect((await list("sort=featured")).slugs).toEqual(order);
  });

  it("sort=newest ignores featured", async () => {
    expect((await list("sort=newest")).slugs).toEqual(["no-facts", "munich-data", "atelier-paris", "zurich-ops", "berlin-bau"]);
  });

  it("sort=name orders by name A–Z regardless of case, then slug", async () => {
    expect((await list("sort=name")).slugs).toEqual(["atelier-paris", "berlin-bau", "munich-data", "no-facts", "zurich-ops"]);
    expect((await list("sort=name&limit=2&page=2")).slugs).toEqual(["munich-data", "no-facts"]);
  });

  it("sort=relevance is accepted with q", async () => {
    const { slugs, total } = await list("q=data&sort=relevance");
    expect(slugs[0]).toBe("munich-data");
    expect(total).toBe(1);
  });
});

describe("GET /api/public/studio/providers refuses bad discovery values", () => {
  it.each([
    ["country=XX", "country"],
    ["country=DEU", "country"],
    ["country=", "country"],
    ["language=xx", "language"],
    ["language=deu", "language"],
    ["remote=yes", "remote"],
    ["teamSize=3", "teamSize"],
    ["teamSize=2-9&teamSize=huge", "teamSize"],
    ["budget=-1", "budget"],
    ["budget=1.5", "budget"],
    ["budget=abc", "budget"],
    ["budget=99999999999", "budget"],
    ["acceptingClients=1", "acceptingClients"],
    ["sort=popular", "sort"],
    ["sort=relevance", "sort"],
  ])("refuses ?%s with 400 VALIDATION_FAILED naming %s", async (query, field) => {
    const response = await call(GET, `/api/public/studio/providers?${query}`);
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors?.map((e) => e.path.split(".")[0])).toEqual([field]);
  });
});
