import { randomBytes } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { rateLimitHits } from "@/db/schema";
import { raceTest } from "@/test/support/races";
import { consumeRateLimit, rateLimitKey } from "./consume-rate-limit";

const subject = () => `test-${Math.random()}`;

describe("consumeRateLimit", () => {
  it("admits the limit, then refuses with the seconds until the oldest hit leaves the window", async () => {
    const db = getDb();
    const who = subject();
    const results = [];
    for (let i = 0; i < 5; i++) {
      results.push(await db.transaction((tx) => consumeRateLimit(tx, { scope: "test", subject: who, limit: 3, windowSeconds: 3600 })));
    }
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    for (const r of results.slice(3)) {
      if (r.allowed) throw new Error("unreachable");
      expect(r.retryAfterSeconds).toBeGreaterThan(3500);
      expect(r.retryAfterSeconds).toBeLessThanOrEqual(3600);
    }
  });

  it("admits exactly the limit under 12 concurrent callers", raceTest, async () => {
    const db = getDb();
    const who = subject();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.transaction((tx) => consumeRateLimit(tx, { scope: "test", subject: who, limit: 3, windowSeconds: 3600 })),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.filter((r) => !r.allowed)).toHaveLength(9);
    const [stored] = await db.select({ n: count() }).from(rateLimitHits).where(eq(rateLimitHits.key, rateLimitKey("test", who)));
    expect(stored!.n).toBe(3);
  });

  it("does not record a hit when the surrounding transaction rolls back", async () => {
    const db = getDb();
    const who = subject();
    const limit = { scope: "test", subject: who, limit: 1, windowSeconds: 60 };
    await expect(
      db.transaction(async (tx) => {
        await consumeRateLimit(tx, limit);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    const again = await db.transaction((tx) => consumeRateLimit(tx, limit));
    expect(again.allowed).toBe(true);
  });

  it("counts any subject, however long or odd, under a key of bounded length that holds no subject in clear", async () => {
    const db = getDb();
    // 20 KB that does not compress: as a key it overflowed the btree row of rate_limit_hits_key_idx (a 500).
    const huge = randomBytes(10_240).toString("hex");
    const odd = `a\u0000b\uD800c ${"x".repeat(3000)}`;
    for (const who of [huge, odd, "ada@example.com"]) {
      const limit = { scope: "test:odd", subject: who, limit: 2, windowSeconds: 60 };
      expect((await db.transaction((tx) => consumeRateLimit(tx, limit))).allowed).toBe(true);
      expect((await db.transaction((tx) => consumeRateLimit(tx, limit))).allowed).toBe(true);
      expect((await db.transaction((tx) => consumeRateLimit(tx, limit))).allowed).toBe(false);
      const key = rateLimitKey("test:odd", who);
      expect(key.length).toBeLessThanOrEqual(129);
      const rows = await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key));
      expect(rows).toHaveLength(2);
    }
    const [clear] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} like '%ada@example.com%'`);
    expect(clear!.n).toBe(0);
  });

  it("records when each hit stops counting: its time plus the window", async () => {
    const db = getDb();
    const who = subject();
    await db.transaction((tx) => consumeRateLimit(tx, { scope: "test", subject: who, limit: 5, windowSeconds: 7200 }));
    const [row] = await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, rateLimitKey("test", who)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7200 * 1000);
  });

  it("refuses a scope that is not a fixed name from the code", () => {
    expect(() => rateLimitKey("Interest Email", "x")).toThrow(/scope/);
    expect(() => rateLimitKey(`a${":b".repeat(40)}`, "x")).toThrow(/scope/);
    expect(rateLimitKey("interest:email", "x")).toMatch(/^interest:email:[0-9a-f]{64}$/);
  });
});
