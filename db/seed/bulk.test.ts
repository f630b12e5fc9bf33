import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
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

  it("numbers on from the benchmark providers already there", async () => {
    const db = getDb();
    const result = await seedBulkProviders(db, { count: 100 });
    expect(result).toMatchObject({ inserted: 100, firstSlug: "bench-501", lastSlug: "bench-600" });
    const rows = await db.select({ slug: providers.slug }).from(providers).where(like(providers.slug, "bench-%"));
    expect(rows).toHaveLength(600);
  });
});
