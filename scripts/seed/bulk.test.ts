import { like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import { providers } from "@/db/schema";
import { HOURLY_RATES, TEAM_SIZES } from "@/db/enums";
import { PROFILE_FACT_FIELDS } from "@/lib/providers/profile-facts-schema";
import { listingUpdateSchema } from "@/lib/providers/schemas";
import { seedBulkProviders } from "./bulk";

const YEAR_MS = 365 * 86_400_000;

describe("seedBulkProviders", () => {
  it("inserts the requested number of providers with the documented mix, across batches", async () => {
    const db = getDb();
    const result = await seedBulkProviders(db, { count: 500, batchSize: 120 });
    expect(result).toMatchObject({ inserted: 500, firstSlug: "bench-1", lastSlug: "bench-500" });

    const rows = await db.select().from(providers).where(like(providers.slug, "bench-%"));
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(500);
    expect(rows.filter((r) => r.featured)).toHaveLength(50);
    expect(rows.filter((r) => !r.publicProfile)).toHaveLength(75);
    expect(rows.filter((r) => r.approvalStatus === "PENDING")).toHaveLength(25);

    const sizes = new Set(rows.map((r) => r.specialties.length));
    expect([...sizes].sort()).toEqual([1, 2, 3]);
    for (const r of rows) expect(new Set(r.specialties).size).toBe(r.specialties.length);

    const now = Date.now();
    for (const r of rows) {
      expect(r.publishedAt === null).toBe(!r.publicProfile);
      expect(r.approvedAt === null).toBe(r.approvalStatus === "PENDING");
      if (r.publishedAt) {
        expect(r.publishedAt.getTime()).toBeLessThanOrEqual(now);
        expect(r.publishedAt.getTime()).toBeGreaterThan(now - 3 * YEAR_MS - 86_400_000);
      }
    }
    const published = rows.filter((r) => r.publishedAt).map((r) => r.publishedAt!.getTime());
    expect(Math.max(...published) - Math.min(...published)).toBeGreaterThan(2 * YEAR_MS);
  });

  it("spreads valid profile facts so every filter has matches and misses", async () => {
    const db = getDb();
    await seedBulkProviders(db, { count: 400 });
    const rows = await db.select().from(providers).where(like(providers.slug, "bench-%"));
    for (const r of rows.slice(0, 50)) {
      const facts = Object.fromEntries(PROFILE_FACT_FIELDS.map((field) => [field, r[field]]));
      expect(listingUpdateSchema.safeParse(facts).error?.issues ?? [], r.slug).toEqual([]);
    }
    expect(new Set(rows.map((r) => r.countryCode)).size).toBe(16);
    expect(new Set(rows.map((r) => r.teamSize))).toEqual(new Set(TEAM_SIZES));
    expect(new Set(rows.map((r) => r.hourlyRate))).toEqual(new Set(HOURLY_RATES));
    const germanInGermany = rows.filter((r) => r.countryCode === "DE" && r.languages.includes("de"));
    expect(germanInGermany.length).toBeGreaterThan(10);
    expect(germanInGermany.length).toBeLessThan(rows.length / 4);
    expect(rows.filter((r) => r.languages.includes("en")).length).toBeGreaterThan(rows.length / 2);
    const accepting = rows.filter((r) => r.acceptingClients).length;
    expect(accepting / rows.length).toBeCloseTo(0.8, 1);
    expect(rows.filter((r) => r.remote).length / rows.length).toBeCloseTo(0.75, 1);
    expect(new Set(rows.map((r) => r.minProjectBudget)).size).toBe(8);
  });

  it("numbers on from the benchmark providers already there", async () => {
    const db = getDb();
    const result = await seedBulkProviders(db, { count: 100 });
    expect(result).toMatchObject({ inserted: 100, firstSlug: "bench-901", lastSlug: "bench-1000" });
    const rows = await db.select({ slug: providers.slug }).from(providers).where(like(providers.slug, "bench-%"));
    expect(rows).toHaveLength(1000);
  });

  it("leaves the planner fresh statistics of the providers it loaded (ANALYZE)", async () => {
    const db = getDb();
    await seedBulkProviders(db, { count: 50 });
    const [stats] = await executeRows<{ live: number | string; tuples: number | string }>(
      db,
      sql`select (select count(*) from providers) as live, reltuples as tuples from pg_class where relname = 'providers'`,
    );
    expect(Number(stats!.tuples)).toBe(Number(stats!.live));
  });
  it("spreads confirmation dates over every freshness stage and ranks every listed provider", async () => {
    const db = getDb();
    const result = await seedBulkProviders(db, { count: 300 });
    // Only this call's providers: the file's earlier tests loaded others.
    const first = Number(result.firstSlug.slice("bench-".length));
    const rows = (await db.select().from(providers).where(like(providers.slug, "bench-%"))).filter(
      (r) => Number(r.slug.slice("bench-".length)) >= first,
    );
    expect(rows).toHaveLength(300);
    const listed = rows.filter((r) => r.publicProfile && r.approvalStatus === "APPROVED");
    expect(result.ranked).toBe(listed.length);
    for (const r of listed) expect(r.rankScore, r.slug).not.toBeNull();
    const days = rows.map((r) => Math.floor((Date.now() - r.confirmedAt.getTime()) / 86_400_000));
    for (const [from, to] of [[0, 90], [90, 150], [150, 180], [180, 210], [210, 250]] as const) {
      expect(days.some((d) => d >= from && d < to), `confirmed ${from}-${to} days ago`).toBe(true);
    }
    expect(new Set(listed.map((r) => r.rankScore)).size).toBeGreaterThan(10);
  });
});
