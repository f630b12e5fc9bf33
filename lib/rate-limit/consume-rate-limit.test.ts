import { randomBytes } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows, type Db } from "@/db/client";
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

  // A burst: whether the callers really interleave is up to the scheduler (with the lock removed it still
  // passed in 2 of 6 runs). The deterministic proof of the lock is the next describe.
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

/** Resolves once a session of this test's database waits for an advisory lock (polled, no fixed sleep). */
async function someoneWaitsForAnAdvisoryLock(db: Db, stop: { stopped: boolean }): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!stop.stopped) {
    const [row] = await executeRows<{ waiting: number }>(
      db,
      sql`select count(*)::int as waiting from pg_locks
          where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
    );
    if (row!.waiting > 0) return;
    if (Date.now() > deadline) throw new Error("no session waited for an advisory lock within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("consumeRateLimit's lock, step by step", () => {
  // The interleaving a burst only hopes for, forced: the first caller has counted and recorded its hit
  // but not committed; a second caller for the same key starts. Without the lock the second counts
  // the window without the uncommitted hit and is admitted at once: two hits past a limit of 1.
  it("makes a concurrent caller for the same key wait for the first's commit, then count its hit", raceTest, async () => {
    const db = getDb();
    const limit = { scope: "test", subject: subject(), limit: 1, windowSeconds: 3600 };
    let counted!: () => void;
    const firstCounted = new Promise<void>((resolve) => (counted = resolve));
    let commit!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (commit = resolve));
    const first = db.transaction(async (tx) => {
      const result = await consumeRateLimit(tx, limit);
      counted();
      await firstMayCommit;
      return result;
    });
    await firstCounted;

    const stop = { stopped: false };
    const second = db.transaction((tx) => consumeRateLimit(tx, limit));
    let outcome: "second finished while the first was open" | "second waits for the lock";
    try {
      outcome = await Promise.race([
        second.then(() => "second finished while the first was open" as const),
        someoneWaitsForAnAdvisoryLock(db, stop).then(() => "second waits for the lock" as const),
      ]);
    } finally {
      stop.stopped = true;
      commit();
    }
    const [firstResult, secondResult] = await Promise.all([first, second]);

    expect(outcome).toBe("second waits for the lock");
    expect(firstResult).toEqual({ allowed: true });
    expect(secondResult.allowed).toBe(false);
    const [stored] = await db.select({ n: count() }).from(rateLimitHits).where(eq(rateLimitHits.key, rateLimitKey("test", limit.subject)));
    expect(stored!.n).toBe(1);
  });
});
