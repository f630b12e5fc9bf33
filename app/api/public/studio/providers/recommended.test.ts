import { asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerResponsiveness, providers } from "@/db/schema";
import { FENCE_EVERY } from "@/lib/public-listing/page-fences";
import { completenessComponent, freshnessComponent, rankScore, responsivenessComponent } from "@/lib/ranking/rank-components";
import { NEUTRAL_REVIEWS, RANKING_FORMULA_VERSION } from "@/lib/ranking/ranking-formula";
import { refreshAllProviderRanks, refreshProviderRanks } from "@/lib/ranking/refresh-provider-ranks";
import { rotationKey } from "@/lib/ranking/rotation-key";
import { makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { GET as PROFILE } from "./[slug]/route";
import { GET } from "./route";

const DAY_MS = 86_400_000;
type Item = { slug: string };

async function list(query: string) {
  const response = await call(GET, `/api/public/studio/providers${query}`);
  return { response, body: response.status === 200 ? await response.json() : await problemOf(response) };
}
const slugsOf = (body: { data: Item[] }) => body.data.map((p) => p.slug);

async function reset() {
  const db = getDb();
  await db.delete(providers);
}

describe("GET /api/public/studio/providers?sort=recommended", () => {
  it("orders by the documented formula computed here (score desc, weekly key asc, slug) for generated fixtures", async () => {
    const db = getDb();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            missing: fc.integer({ min: 0, max: 10 }),
            days: fc.integer({ min: 0, max: 250 }),
            answered: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (fixtures) => {
          await reset();
          const now = new Date();
          const made: { id: string; slug: string; score: number }[] = [];
          for (const [i, f] of fixtures.entries()) {
            // `missing` of the ten completeness items absent, from the end of the table.
            const p = await makeProvider(db, {
              slug: `p-${i}`,
              headline: "Yes",
              description: f.missing >= 9 ? "" : "d".repeat(300),
              logoUrl: f.missing >= 8 ? null : "https://example.com/l.png",
              specialties: f.missing >= 7 ? [] : ["DESIGN"],
              countryCode: f.missing >= 6 ? null : "DE",
              languages: f.missing >= 5 ? [] : ["de"],
              teamSize: f.missing >= 4 ? null : "1",
              minProjectBudget: f.missing >= 3 ? null : 100,
              foundedYear: f.missing >= 2 ? null : 2000,
              portfolio: f.missing >= 1 ? [] : [{ title: "a", url: "https://a.example" }, { title: "b", url: "https://b.example" }],
              ...(f.missing >= 10 ? { headline: "" } : {}),
              confirmedAt: new Date(now.getTime() - f.days * DAY_MS - 60_000),
            });
            const row = f.answered === null ? null : { sample: 6, responded: f.answered, medianHours: 12 };
            if (row) await db.insert(providerResponsiveness).values({ providerId: p.id, ...row });
            const score = rankScore({
              reviews: NEUTRAL_REVIEWS,
              responsiveness: responsivenessComponent(row),
              completeness: completenessComponent(new Array(f.missing).fill("x")),
              freshness: freshnessComponent(f.days),
            });
            made.push({ id: p.id, slug: p.slug, score });
          }
          await refreshAllProviderRanks(db, { now });
          const expected = [...made]
            .sort((a, b) => {
              if (a.score !== b.score) return b.score - a.score;
              // The spec's key: unsigned, ascending.
              const ra = rotationKey(a.id, now);
              const rb = rotationKey(b.id, now);
              return ra === rb ? a.slug.localeCompare(b.slug) : ra < rb ? -1 : 1;
            })
            .map((p) => p.slug);
          const { body } = await list("?sort=recommended&limit=100");
          expect(slugsOf(body)).toEqual(expected);
          expect(body.total).toBe(fixtures.length);
        },
      ),
      { numRuns: 15 },
    );
  });

  it("keeps the API's default order the seed order, and items exactly six keys with explain=true", async () => {
    await reset();
    const db = getDb();
    await makeProvider(db, { slug: "plain", featured: true, publishedAt: new Date(Date.UTC(2026, 0, 1)) });
    await makeProvider(db, { slug: "complete", foundedYear: 2000, logoUrl: "https://example.com/l.png", countryCode: "FR", languages: ["fr"] });
    await refreshAllProviderRanks(db, { now: new Date() });
    expect(slugsOf((await list("")).body)).toEqual(["plain", "complete"]);
    const { body } = await list("?sort=recommended&explain=true");
    expect(slugsOf(body)).toEqual(["complete", "plain"]);
    for (const item of body.data) expect(Object.keys(item).sort()).toEqual(["featured", "headline", "name", "publishedAt", "slug", "specialties"]);
    expect(body.ranking).toEqual({ formulaVersion: RANKING_FORMULA_VERSION, computedAt: expect.any(String) });
    expect(Object.keys(body.explanations).sort()).toEqual(["complete", "plain"]);
    expect(body.explanations.plain).toMatchObject({
      featured: true,
      components: {
        reviews: { value: NEUTRAL_REVIEWS, weight: 0.35, basis: "No verified reviews yet: counted as neutral" },
        responsiveness: { value: 0.5, weight: 0.3, basis: expect.stringContaining("counted as neutral") },
        freshness: { value: 1, weight: 0.15, basis: "Details confirmed today" },
      },
      reviews: { count: 0, average: null },
    });
    // Without explain, no ranking keys.
    expect(Object.keys((await list("?sort=recommended")).body).sort()).toEqual(["data", "limit", "page", "total"]);
  });

  it.each(["", "?sort=featured", "?sort=newest", "?sort=name"])("refuses explain=true without sort=recommended (%s) with 400 VALIDATION_FAILED", async (query) => {
    const sep = query ? "&" : "?";
    const { response, body } = await list(`${query}${sep}explain=true`);
    expect(response.status).toBe(400);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(JSON.stringify(body)).toContain("explain");
  });

  it("leaves a provider's place unchanged when it is renamed, and the organic order unchanged when featured toggles", async () => {
    await reset();
    const db = getDb();
    for (let i = 0; i < 6; i++) await makeProvider(db, { slug: `s-${i}`, foundedYear: i % 2 ? 2000 : null });
    await refreshAllProviderRanks(db, { now: new Date() });
    const before = slugsOf((await list("?sort=recommended")).body);
    await db.update(providers).set({ name: "Aaaa renamed", featured: true }).where(eq(providers.slug, "s-3"));
    expect(slugsOf((await list("?sort=recommended")).body)).toEqual(before);
  });

  it("pages deep through fences exactly as one long read, with the exact total", async () => {
    await reset();
    const db = getDb();
    const n = FENCE_EVERY * 2 + 37;
    await db.insert(providers).values(
      Array.from({ length: n }, (_, i) => ({
        slug: `deep-${String(i).padStart(4, "0")}`,
        name: `Deep ${i}`,
        approvalStatus: "APPROVED" as const,
        publicProfile: true,
        publishedAt: new Date(),
        foundedYear: i % 3 === 0 ? 2000 : null,
        countryCode: i % 5 === 0 ? "DE" : null,
      })),
    );
    await refreshAllProviderRanks(db, { now: new Date() });
    const all: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const { body } = await list(`?sort=recommended&limit=100&page=${page}`);
      expect(body.total).toBe(n);
      all.push(...slugsOf(body));
    }
    expect(all).toHaveLength(n);
    expect(new Set(all).size).toBe(n);
    const reference = await db
      .select({ slug: providers.slug })
      .from(providers)
      .orderBy(sql`${providers.rankScore} desc nulls last`, sql`${providers.rankRotation} desc`, asc(providers.slug));
    expect(all).toEqual(reference.map((r) => r.slug));
    const { body: tail } = await list(`?sort=recommended&limit=50&page=9`);
    expect(slugsOf(tail)).toEqual(all.slice(400, 450));
  });
});

describe("the listing cache and the ranking", () => {
  it("a recomputed score reaches a cached recommended page and its explanations at once", async () => {
    await reset();
    const db = getDb();
    await makeProvider(db, { slug: "first", foundedYear: 2000 });
    const second = await makeProvider(db, { slug: "second" });
    await refreshAllProviderRanks(db, { now: new Date() });
    expect(slugsOf((await list("?sort=recommended&explain=true")).body)).toEqual(["first", "second"]);
    await db.update(providers).set({ foundedYear: 1999, logoUrl: "https://example.com/l.png" }).where(eq(providers.id, second.id));
    await refreshProviderRanks(db, { now: new Date(), providerIds: [second.id] });
    const { body } = await list("?sort=recommended&explain=true");
    expect(slugsOf(body)).toEqual(["second", "first"]);
    expect(body.explanations.second.components.completeness.missing).not.toContain("logo");
  });
});

describe("GET /api/public/studio/providers/:slug ranking", () => {
  it("gives the profile its RankExplanation, with basis sentences that agree with the numbers", async () => {
    await reset();
    const db = getDb();
    const p = await makeProvider(db, { slug: "ranked", confirmedAt: new Date(Date.now() - 12 * DAY_MS - 60_000) });
    await db.insert(providerResponsiveness).values({ providerId: p.id, sample: 10, responded: 9, medianHours: 5 });
    await refreshAllProviderRanks(db, { now: new Date() });
    const response = await call(PROFILE, "/api/public/studio/providers/ranked", { params: { slug: "ranked" } });
    const body = await response.json();
    expect(body.ranking).toMatchObject({
      formulaVersion: RANKING_FORMULA_VERSION,
      components: {
        responsiveness: { value: 0.9211, weight: 0.3, basis: "Answered 9 of 10 inquiries, usually within 5 hours (last 90 days)" },
        freshness: { value: 1, weight: 0.15, basis: "Details confirmed 12 days ago" },
        completeness: { weight: 0.2, missing: expect.arrayContaining(["logo", "portfolio"]) },
      },
      featured: false,
      reviews: { count: 0, average: null },
    });
    const c = body.ranking.components;
    const sum = 0.35 * c.reviews.value + 0.3 * c.responsiveness.value + 0.2 * c.completeness.value + 0.15 * c.freshness.value;
    expect(body.ranking.score).toBeCloseTo(sum, 4);
  });
});
