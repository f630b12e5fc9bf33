import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { rateLimitHits } from "@/db/schema";
import { raceTest } from "@/lib/testing/races";
import { consumeRateLimit } from "./consume-rate-limit";

describe("consumeRateLimit", () => {
  it("admits the limit, then refuses with the seconds until the oldest hit leaves the window", async () => {
    const db = getDb();
    const key = `test:${Math.random()}`;
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await db.transaction((tx) => consumeRateLimit(tx, { key, limit: 3, windowSeconds: 3600 })));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    for (const r of results.slice(3)) {
      if (r.allowed) throw new Error("unreachable");
      expect(r.retryAfterSeconds).toBeGreaterThan(3500);
      expect(r.retryAfterSeconds).toBeLessThanOrEqual(3600);
    }
  });

  it("admits exactly the limit under 12 concurrent callers", raceTest, async () => {
    const db = getDb();
    const key = `test:${Math.random()}`;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.transaction((tx) => consumeRateLimit(tx, { key, limit: 3, windowSeconds: 3600 })),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.filter((r) => !r.allowed)).toHaveLength(9);
    const [stored] = await db.select({ n: count() }).from(rateLimitHits).where(eq(rateLimitHits.key, key));
    expect(stored!.n).toBe(3);
  });

  it("does not record a hit when the surrounding transaction rolls back", async () => {
    const db = getDb();
    const key = `test:${Math.random()}`;
    await expect(
      db.transaction(async (tx) => {
        await consumeRateLimit(tx, { key, limit: 1, windowSeconds: 60 });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    const again = await db.transaction((tx) => consumeRateLimit(tx, { key, limit: 1, windowSeconds: 60 }));
    expect(again.allowed).toBe(true);
  });
});
