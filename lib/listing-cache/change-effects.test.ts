// The rules that say which cached answers a listing change may alter (change-effects.ts). Their
// filters must agree with the SQL the lists run: checked here against the database itself.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import { providers } from "@/db/schema";
import { listConditions } from "@/lib/public-listing/list-query-sql";
import type { ProviderListQuery } from "@/lib/public-listing/list-query-schema";
import { makeProvider } from "@/test/support/factories";
import { affects, passesFilters, type ListingValues, type ProviderChange } from "./change-effects";

const base: ListingValues = {
  slug: "a",
  name: "A",
  featured: false,
  publishedAt: "2024-01-01T00:00:00+00:00",
  specialties: ["DESIGN"],
  countryCode: "DE",
  languages: ["de", "en"],
  remote: true,
  teamSize: "2-9",
  minProjectBudget: 5000,
  acceptingClients: true,
};
const list = (q: Partial<ProviderListQuery> = {}): ProviderListQuery => ({ q: undefined, page: 1, limit: 20, ...q });
const change = (
  before: Partial<ListingValues> | null,
  after: Partial<ListingValues> | null,
  searchChanged = false,
  words: { before?: string[]; after?: string[] } = {},
): ProviderChange => ({
  seq: 1,
  providerId: "p",
  before: before && { ...base, ...before },
  after: after && { ...base, ...after },
  searchChanged,
  searchBefore: words.before ?? null,
  searchAfter: words.after ?? null,
});

describe("the filters, as the list SQL applies them", () => {
  const QUERIES: Partial<ProviderListQuery>[] = [
    {},
    { specialty: "DESIGN" },
    { specialty: "DATA", featured: true },
    { country: "DE" },
    { country: "FR", remote: true },
    { language: "en" },
    { language: "fr", acceptingClients: true },
    { teamSize: ["2-9", "50-249"] },
    { teamSize: ["1"] },
    { budget: 1000 },
    { budget: 5000 },
    { budget: 499 },
    { budget: 10_000, remote: true },
    { acceptingClients: true, featured: true },
  ];

  beforeAll(async () => {
    const db = getDb();
    let n = 0;
    for (const specialties of [["DESIGN"], ["DATA", "DESIGN"]] as const) {
      for (const countryCode of ["DE", "FR", null]) {
        for (const [teamSize, minProjectBudget] of [["2-9", 5000], ["1", null], [null, 500]] as const) {
          n++;
          await makeProvider(db, {
            slug: `rule-${n}`,
            specialties: [...specialties],
            countryCode,
            teamSize,
            minProjectBudget,
            featured: n % 2 === 0,
            remote: n % 3 !== 0,
            acceptingClients: n % 4 !== 0,
            languages: n % 2 === 0 ? ["fr"] : ["de", "en"],
          });
        }
      }
    }
  });

  it.each(QUERIES.map((q) => [JSON.stringify(q), q] as const))("agree with SQL for %s", async (_label, q) => {
    const db = getDb();
    const query = list(q);
    const rows = await executeRows<{ slug: string; matched: boolean; values: ListingValues }>(
      db,
      sql`select slug, provider_listing_values(providers) as values, coalesce((${listConditions(query)}), false) as matched
          from ${providers} where slug like 'rule-%'`,
    );
    expect(rows.length).toBe(18);
    for (const row of rows) expect(passesFilters(query, row.values), row.slug).toBe(row.matched);
  });
});

describe("which answers a change affects", () => {
  it("a total: only when the provider may enter or leave its matches", () => {
    const design = { kind: "total" as const, query: list({ specialty: "DESIGN" }) };
    expect(affects(design, change({}, { featured: true }))).toBe(false);
    expect(affects(design, change({}, { specialties: ["DATA"] }))).toBe(true);
    expect(affects(design, change(null, {}))).toBe(true);
    expect(affects(design, change({}, null))).toBe(true);
    expect(affects(design, change({ specialties: ["DATA"] }, { specialties: ["DATA"], name: "B" }))).toBe(false);
    // A search: the searched text changed, so its matches may have.
    const search = { kind: "total" as const, query: list({ q: "words" }) };
    expect(affects(search, change({}, {}, true))).toBe(true);
    expect(affects(search, change({}, {}, false))).toBe(false);
    expect(affects({ kind: "total", query: list({ q: "words", country: "FR" }) }, change({}, {}, true))).toBe(false);
  });

  it("a search: only when the provider's words matched it on one side of the change and not the other", () => {
    const search = { kind: "total" as const, query: list({ q: "clou stud" }) };
    const cloud = ["cloud", "studio", "berlin"];
    const design = ["design", "studio", "berlin"];
    // An edit of someone else's text: their words matched the search neither before nor after.
    expect(affects(search, change({}, {}, true, { before: design, after: ["design", "lab"] }))).toBe(false);
    expect(affects(search, change({}, {}, true, { before: cloud, after: ["cloudy", "studios"] }))).toBe(false);
    expect(affects(search, change({}, {}, true, { before: cloud, after: design }))).toBe(true);
    expect(affects(search, change({}, {}, true, { before: design, after: cloud }))).toBe(true);
    // Listed or unlisted: only a provider that matches enters or leaves the search.
    expect(affects(search, change(null, {}, true, { after: design }))).toBe(false);
    expect(affects(search, change(null, {}, true, { after: cloud }))).toBe(true);
    expect(affects(search, change({}, null, false, { before: design }))).toBe(false);
    expect(affects(search, change({}, null, false, { before: cloud }))).toBe(true);
    // A filter change with the text unchanged: the words on the listed side say whether it matched.
    const inFrance = { kind: "total" as const, query: list({ q: "clou", country: "FR" }) };
    expect(affects(inFrance, change({}, { countryCode: "FR" }))).toBe(true);
    expect(affects(inFrance, change({}, { countryCode: "FR" }, false, { after: design }))).toBe(false);
    // Without words, or with a search only Postgres can read, it may have: read again.
    expect(affects(search, change({}, {}, true))).toBe(true);
    expect(affects({ kind: "total", query: list({ q: "e-commerce" }) }, change({}, {}, true, { before: design, after: design }))).toBe(true);
  });

  it("a search's order: by relevance, any text change of a provider that matches it", () => {
    const words = { before: ["cloud", "studio"], after: ["cloud", "studios"] };
    expect(affects({ kind: "order", query: list({ q: "cloud", sort: "relevance" }) }, change({}, {}, true, words))).toBe(true);
    expect(affects({ kind: "order", query: list({ q: "cloud" }) }, change({}, {}, true, words))).toBe(false);
    expect(affects({ kind: "order", query: list({ q: "design", sort: "relevance" }) }, change({}, {}, true, words))).toBe(false);
    // Not in the search on either side: its place in the order does not matter.
    expect(affects({ kind: "order", query: list({ q: "design" }) }, change({}, { featured: true }, false))).toBe(true);
    const unmatched = change({}, { featured: true }, true, { before: ["cloud"], after: ["cloud"] });
    expect(affects({ kind: "order", query: list({ q: "design" }) }, unmatched)).toBe(false);
  });

  it("a list's fences: also when the provider's place in the order moves", () => {
    const fences = { kind: "order" as const, query: list({ country: "DE" }) };
    expect(affects(fences, change({}, { featured: true }))).toBe(true);
    expect(affects(fences, change({}, { publishedAt: "2025-01-01T00:00:00+00:00" }))).toBe(true);
    expect(affects(fences, change({}, { name: "Zed" }))).toBe(true);
    expect(affects(fences, change({}, { languages: ["en"] }))).toBe(false);
    expect(affects(fences, change({ countryCode: "FR" }, { countryCode: "FR", featured: true }))).toBe(false);
  });

  it("a page: also any change of a provider on it; until its rows are known, of any provider it may hold", () => {
    const query = list({ country: "DE" });
    const held = { kind: "page" as const, query, slugs: new Set(["a"]) };
    const other = { kind: "page" as const, query, slugs: new Set(["b"]) };
    const pending = { kind: "page" as const, query };
    const description = change({}, {});
    expect(affects(held, description)).toBe(true);
    expect(affects(other, description)).toBe(false);
    expect(affects(pending, description)).toBe(true);
    expect(affects(pending, change({ countryCode: "FR" }, { countryCode: "FR" }))).toBe(false);
  });

  it("a profile or a rendered page: changes of the providers it names, and with anyPlacement any list's", () => {
    const profile = { kind: "slugs" as const, slugs: new Set(["a", "moved-to"]) };
    expect(affects(profile, change({}, {}))).toBe(true);
    expect(affects(profile, change({ slug: "moved-to" }, { slug: "next" }))).toBe(true);
    expect(affects(profile, change({ slug: "z" }, { slug: "z", featured: true }))).toBe(false);
    const view = { kind: "slugs" as const, slugs: new Set(["a"]), anyPlacement: true };
    expect(affects(view, change({ slug: "z" }, { slug: "z", featured: true }))).toBe(true);
    expect(affects(view, change({ slug: "z" }, { slug: "z" }))).toBe(false);
    expect(affects({ kind: "unknown" }, change({ slug: "z" }, { slug: "z" }))).toBe(true);
  });
});
