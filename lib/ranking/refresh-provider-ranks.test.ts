import { desc, eq, gt, inArray } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { Specialty } from "@/db/enums";
import { providerListingChanges, providerListingState, providerResponsiveness, providers } from "@/db/schema";
import { makeProvider } from "@/test/support/factories";
import {
  completenessComponent,
  freshnessComponent,
  missingCompletenessItems,
  rankScore,
  responsivenessComponent,
  reviewsComponent,
} from "./rank-components";
import { RANKING_FORMULA_VERSION } from "./ranking-formula";
import { refreshAllProviderRanks, refreshProviderRanks } from "./refresh-provider-ranks";
import { rotationKey, storedRotation } from "./rotation-key";

const DAY_MS = 86_400_000;
const NOW = new Date("2026-12-01T10:00:00.000Z");
const listingVersion = async () => (await getDb().select().from(providerListingState))[0]!.version;
/** The listing's change rows written since `seq`: one per changed listed provider, the version the newest. */
const changesSince = async (seq: string) =>
  (await getDb().select().from(providerListingChanges).where(gt(providerListingChanges.seq, Number(seq)))).length;
const rankOf = async (id: string) => (await getDb().select().from(providers).where(eq(providers.id, id)))[0]!;

const fullListing = {
  headline: "Websites that sell",
  description: "x".repeat(300),
  logoUrl: "https://example.com/logo.png",
  specialties: ["DEVELOPMENT" as const],
  countryCode: "DE",
  languages: ["en"],
  teamSize: "2-9" as const,
  minProjectBudget: 5000,
  foundedYear: 2015,
  portfolio: [
    { title: "A", url: "https://example.com/a" },
    { title: "B", url: "https://example.com/b" },
  ],
};

describe("refreshProviderRanks", () => {
  it("stores the worked example's responsiveness, completeness and freshness, the score and its explanation's inputs", async () => {
    const db = getDb();
    const p = await makeProvider(db, { ...fullListing, foundedYear: null, portfolio: [], confirmedAt: new Date(NOW.getTime() - 12 * DAY_MS) });
    await db.insert(providerResponsiveness).values({ providerId: p.id, sample: 10, responded: 9, medianHours: 5 });

    expect(await refreshProviderRanks(db, { now: NOW, providerIds: [p.id] })).toEqual({ changed: 1 });
    const row = await rankOf(p.id);
    // R is neutral until reviews exist: 0.35·0.625 + 0.30·0.9211 + 0.20·0.8 + 0.15·1.
    expect(row.rankScore).toBe(rankScore({ reviews: 0.625, responsiveness: 0.63 + 0.3 * (1 - 5 / 168), completeness: 0.8, freshness: 1 }));
    expect(row.rankScore).toBe(0.8051);
    expect(BigInt(row.rankRotation!)).toBe(BigInt(Number(storedRotation(p.id, NOW))));
    expect(row.rankComputedAt).toEqual(NOW);
    expect(row.rankComponents).toEqual({
      formulaVersion: RANKING_FORMULA_VERSION,
      reviews: { value: 0.625, count: 0, average: null },
      responsiveness: { value: 0.9211, sample: 10, responded: 9, medianHours: 5 },
      completeness: { value: 0.8, missing: ["foundedYear", "portfolio"] },
      freshness: { value: 1, confirmedAt: expect.any(String) },
      confirmedDays: 12,
    });
  });

  it("stores the rotation key exactly as SHA-256 of id and Monday says, the key ascending as the column descending", async () => {
    const db = getDb();
    const made = await Promise.all([1, 2, 3, 4, 5, 6].map(() => makeProvider(db)));
    const ids = made.map((p) => p.id);
    await refreshProviderRanks(db, { now: NOW, providerIds: ids });
    // Compared in SQL text form: a JS number cannot hold every bigint.
    const rows = await db.select({ id: providers.id, rotation: providers.rankRotation }).from(providers).where(inArray(providers.id, ids)).orderBy(desc(providers.rankRotation));
    const expected = [...ids].sort((a, b) => (rotationKey(a, NOW) < rotationKey(b, NOW) ? -1 : 1));
    expect(rows.map((r) => r.id)).toEqual(expected);
  });

  it("agrees with the TypeScript formula on generated listings, responsiveness and confirmation ages", async () => {
    const db = getDb();
    const maybe = <T,>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
    const listing = fc.record({
      headline: fc.constantFrom("", "  ", "Websites"),
      description: fc.constantFrom("", "é".repeat(299), "é".repeat(300), "short"),
      logoUrl: maybe(fc.constant("https://example.com/l.png")),
      specialties: fc.constantFrom<Specialty[]>([], ["DEVELOPMENT"]),
      countryCode: maybe(fc.constant("FR")),
      languages: fc.constantFrom<string[]>([], ["fr"]),
      teamSize: maybe(fc.constant("1" as const)),
      hourlyRate: maybe(fc.constant("50-99" as const)),
      minProjectBudget: maybe(fc.integer({ min: 0, max: 100000 })),
      foundedYear: maybe(fc.integer({ min: 1900, max: 2026 })),
      portfolio: fc.array(fc.record({ title: fc.constant("P"), url: fc.constant("https://example.com/p") }), { maxLength: 3 }),
      days: fc.integer({ min: 0, max: 400 }),
      responsiveness: maybe(
        fc.integer({ min: 0, max: 40 }).chain((sample) =>
          fc.record({ sample: fc.constant(sample), responded: fc.integer({ min: 0, max: sample }), medianHours: fc.double({ min: 0, max: 400, noNaN: true }) }),
        ),
      ),
    });
    await fc.assert(
      fc.asyncProperty(listing, async ({ days, responsiveness, ...values }) => {
        const p = await makeProvider(db, { ...values, confirmedAt: new Date(NOW.getTime() - days * DAY_MS - 1000) });
        if (responsiveness) await db.insert(providerResponsiveness).values({ providerId: p.id, ...responsiveness });
        await refreshProviderRanks(db, { now: NOW, providerIds: [p.id] });
        const row = await rankOf(p.id);
        const missing = missingCompletenessItems(values);
        const expected = rankScore({
          reviews: reviewsComponent({ count: 0, sum: 0 }),
          responsiveness: responsivenessComponent(responsiveness),
          completeness: completenessComponent(missing),
          freshness: freshnessComponent(days),
        });
        expect(row.rankScore).toBe(expected);
        expect((row.rankComponents as { completeness: { missing: string[] } }).completeness.missing).toEqual(missing);
      }),
      { numRuns: 60 },
    );
  });

  it("ranks an unlisted provider when named (one being published needs its score), but the hourly run skips it", async () => {
    const db = getDb();
    const hidden = await makeProvider(db, { publicProfile: false });
    await refreshAllProviderRanks(db, { now: NOW });
    expect((await rankOf(hidden.id)).rankScore).toBeNull();
    await refreshProviderRanks(db, { now: NOW, providerIds: [hidden.id] });
    expect((await rankOf(hidden.id)).rankScore).not.toBeNull();
  });

  it("hourly: writes only changed rows, moves the listing version at most once per run, and not at all when nothing changed", async () => {
    const db = getDb();
    const stale = await makeProvider(db, { confirmedAt: new Date(NOW.getTime() - 100 * DAY_MS) });
    const fresh = await makeProvider(db, { confirmedAt: new Date(NOW.getTime() - 10 * DAY_MS) });
    await refreshAllProviderRanks(db, { now: NOW });

    const before = await listingVersion();
    expect(await refreshAllProviderRanks(db, { now: NOW })).toEqual({ changed: 0 });
    expect(await listingVersion()).toBe(before);

    // A day later: the 100-day-old details lose freshness, the fresh ones only age (not rewritten).
    const tomorrow = new Date(NOW.getTime() + DAY_MS);
    const freshBefore = await rankOf(fresh.id);
    const { changed } = await refreshAllProviderRanks(db, { now: tomorrow });
    expect(changed).toBeGreaterThanOrEqual(1);
    expect(await changesSince(before)).toBe(changed);
    expect((await rankOf(stale.id)).rankComputedAt).toEqual(tomorrow);
    expect((await rankOf(fresh.id)).rankComputedAt).toEqual(freshBefore.rankComputedAt);
  });

  it("turns the rotation at Monday 00:00 UTC: every listed row rewritten in one run, one listing version", async () => {
    const db = getDb();
    const sunday = new Date("2026-12-06T23:59:59.000Z");
    const monday = new Date("2026-12-07T00:00:00.000Z");
    const a = await makeProvider(db, { confirmedAt: sunday });
    await refreshAllProviderRanks(db, { now: new Date("2026-11-30T00:00:00.000Z") });
    const rotation = (await rankOf(a.id)).rankRotation;
    await refreshAllProviderRanks(db, { now: sunday });
    expect((await rankOf(a.id)).rankRotation).toBe(rotation);
    const before = await listingVersion();
    const { changed } = await refreshAllProviderRanks(db, { now: monday });
    const listed = await db.$count(providers, eq(providers.publicProfile, true));
    expect(changed).toBe(listed);
    expect((await rankOf(a.id)).rankRotation).not.toBe(rotation);
    expect(await changesSince(before)).toBe(changed);
  });
});
