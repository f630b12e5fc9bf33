// Every discovery filter, alone and combined, against an oracle computed in JavaScript from the same
// rows: the same providers, in the same order, with the exact total, on every page.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { HOURLY_RATES, SPECIALTIES, TEAM_SIZES, type Specialty, type TeamSize } from "@/db/enums";
import { makeProvider } from "@/test/support/factories";
import { listPublicProviderCards } from "@/lib/listing-cache/cached-listing";
import { providerListQuerySchema, type ProviderListQuery } from "./list-query-schema";

interface Row {
  slug: string;
  name: string;
  listed: boolean;
  featured: boolean;
  publishedAt: Date;
  specialties: Specialty[];
  countryCode: string | null;
  languages: string[];
  remote: boolean;
  teamSize: TeamSize | null;
  minProjectBudget: number | null;
  acceptingClients: boolean;
}

const COUNTRIES = ["DE", "FR", "US", null] as const;
const LANGUAGES = ["de", "en", "fr", "es"];
const NAMES = ["alpha", "Bravo", "charlie", "Delta", "echo", "Foxtrot"];
const rows: Row[] = [];

beforeAll(async () => {
  const db = getDb();
  await db.delete(providers);
  // A deterministic spread: every filter value appears with and without the others.
  for (let i = 0; i < 48; i++) {
    const row: Row = {
      slug: `p-${String(i).padStart(2, "0")}`,
      name: `${NAMES[i % NAMES.length]} ${i}`,
      listed: i % 11 !== 5,
      featured: i % 5 === 2,
      // Some ties on publishedAt, so the slug tie-break matters.
      publishedAt: new Date(Date.UTC(2026, 0, 1 + (i % 13))),
      specialties: [SPECIALTIES[i % SPECIALTIES.length]!, ...(i % 3 === 0 ? [SPECIALTIES[(i + 2) % SPECIALTIES.length]!] : [])],
      countryCode: COUNTRIES[i % COUNTRIES.length]!,
      languages: LANGUAGES.filter((_, j) => ((i * 7 + j * 5) % 11) % 2 === 1),
      remote: i % 5 !== 0,
      teamSize: i % 6 === 0 ? null : TEAM_SIZES[i % TEAM_SIZES.length]!,
      minProjectBudget: i % 4 === 0 ? null : (i % 9) * 5_000,
      acceptingClients: i % 8 !== 3,
    };
    rows.push(row);
    const { listed, ...values } = row;
    await makeProvider(db, { ...values, hourlyRate: HOURLY_RATES[i % HOURLY_RATES.length], publicProfile: listed });
  }
});

function oracle(q: ProviderListQuery): { slugs: string[]; total: number } {
  const matching = rows.filter(
    (r) =>
      r.listed &&
      (!q.specialty || r.specialties.includes(q.specialty)) &&
      (!q.featured || r.featured) &&
      (!q.country || r.countryCode === q.country) &&
      (!q.language || r.languages.includes(q.language)) &&
      (!q.remote || r.remote) &&
      (!q.teamSize || (r.teamSize !== null && q.teamSize.includes(r.teamSize))) &&
      (q.budget === undefined || r.minProjectBudget === null || r.minProjectBudget <= q.budget) &&
      (!q.acceptingClients || r.acceptingClients),
  );
  const bySlug = (a: Row, b: Row) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
  const newest = (a: Row, b: Row) => b.publishedAt.getTime() - a.publishedAt.getTime() || bySlug(a, b);
  const byName = (a: Row, b: Row) => {
    const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : bySlug(a, b);
  };
  const order =
    q.sort === "newest" ? newest : q.sort === "name" ? byName : (a: Row, b: Row) => Number(b.featured) - Number(a.featured) || newest(a, b);
  const sorted = matching.sort(order).map((r) => r.slug);
  const start = (q.page - 1) * q.limit;
  return { slugs: sorted.slice(start, start + q.limit), total: matching.length };
}

const FILTER_CASES: Record<string, string>[] = [
  {},
  { country: "de" },
  { language: "fr" },
  { remote: "true" },
  { acceptingClients: "true" },
  { budget: "10000" },
  { budget: "0" },
  { teamSize: "2-9" },
  { country: "FR", language: "en" },
  { country: "US", remote: "true", acceptingClients: "true" },
  { language: "de", budget: "20000", specialty: "design" },
  { specialty: "DATA", featured: "true" },
  { featured: "true", language: "en", remote: "true" },
  { country: "DE", language: "de", budget: "25000", acceptingClients: "true", remote: "true" },
];

describe("list filters and sorts against an oracle", () => {
  for (const filters of FILTER_CASES) {
    for (const sort of ["featured", "newest", "name"]) {
      it(`lists exactly the matching providers for ${JSON.stringify(filters)} sort=${sort}, on every page`, async () => {
        const db = getDb();
        for (const page of ["1", "2", "3"]) {
          const query = providerListQuerySchema.parse({ ...filters, sort, page, limit: "7" });
          const result = await listPublicProviderCards(db, query);
          const expected = oracle(query);
          expect(result.data.map((d) => d.slug)).toEqual(expected.slugs);
          expect(result.total).toBe(expected.total);
        }
      });
    }
  }

  it("matches any of several team size bands", async () => {
    const query = providerListQuerySchema.parse({ teamSize: ["1", "50-249"], limit: "100" });
    const result = await listPublicProviderCards(getDb(), query);
    expect(result.total).toBeGreaterThan(0);
    expect(result.data.map((d) => d.slug)).toEqual(oracle(query).slugs);
  });

  it("has filters that actually narrow (the oracle data is not degenerate)", () => {
    const all = oracle(providerListQuerySchema.parse({ limit: "100" })).total;
    for (const filters of FILTER_CASES.slice(1)) {
      const total = oracle(providerListQuerySchema.parse({ ...filters, limit: "100" })).total;
      expect(total, JSON.stringify(filters)).toBeLessThan(all);
      expect(total, JSON.stringify(filters)).toBeGreaterThan(0);
    }
  });
});
