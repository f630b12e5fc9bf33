import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { rateLimitHits } from "@/db/schema";
import { consumeRateLimit, rateLimitKey } from "./consume-rate-limit";
import { purgeExpiredRateLimitHits } from "./purge-expired-rate-limit-hits";

describe("purgeExpiredRateLimitHits", () => {
  it("deletes the expired hits of every key, in bounded batches, and keeps the hits that still count", async () => {
    const db = getDb();
    await db.delete(rateLimitHits);
    // 25 keys that never come back, each with a hit an hour past its window; consumeRateLimit would
    // only ever drop them if the same key were checked again.
    const gone = Array.from({ length: 25 }, (_, i) => rateLimitKey("test:gone", `visitor-${i}`));
    await db.insert(rateLimitHits).values(
      gone.map((key) => ({ key, createdAt: sql`now() - interval '25 hours'`, expiresAt: sql`now() - interval '1 hour'` })),
    );
    // Hits still inside their windows, recorded the normal way.
    for (const who of ["kept-1", "kept-2"]) {
      await db.transaction((tx) => consumeRateLimit(tx, { scope: "test:kept", subject: who, limit: 3, windowSeconds: 3600 }));
    }

    const first = await purgeExpiredRateLimitHits(db, { batchSize: 10, maxBatches: 2 });
    expect(first).toEqual({ deleted: 20, more: true });
    const second = await purgeExpiredRateLimitHits(db, { batchSize: 10, maxBatches: 2 });
    expect(second).toEqual({ deleted: 5, more: false });
    expect(await purgeExpiredRateLimitHits(db)).toEqual({ deleted: 0, more: false });

    const left = await db.select({ key: rateLimitHits.key }).from(rateLimitHits);
    expect(left.map((r) => r.key).sort()).toEqual(
      [rateLimitKey("test:kept", "kept-1"), rateLimitKey("test:kept", "kept-2")].sort(),
    );
  });

  it("purged keys count from zero again", async () => {
    const db = getDb();
    const limit = { scope: "test:again", subject: "returning", limit: 1, windowSeconds: 60 };
    await db.transaction((tx) => consumeRateLimit(tx, limit));
    expect((await db.transaction((tx) => consumeRateLimit(tx, limit))).allowed).toBe(false);
    await db.update(rateLimitHits).set({ expiresAt: sql`now() - interval '1 second'`, createdAt: sql`now() - interval '61 seconds'` });
    expect((await purgeExpiredRateLimitHits(db)).deleted).toBeGreaterThanOrEqual(1);
    expect((await db.transaction((tx) => consumeRateLimit(tx, limit))).allowed).toBe(true);
  });
});
