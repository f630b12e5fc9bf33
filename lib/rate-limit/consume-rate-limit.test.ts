import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { consumeRateLimit } from "./consume-rate-limit";

describe("consumeRateLimit", () => {
  it("admits exactly the limit under concurrent callers and reports when the window frees", async () => {
    const db = getDb();
    const key = `test:${Math.random()}`;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.transaction((tx) => consumeRateLimit(tx, { key, limit: 3, windowSeconds: 3600 })),
      ),
    );
    const allowed = results.filter((r) => r.allowed);
    const refused = results.filter((r) => !r.allowed);
    expect(allowed).toHaveLength(3);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      if (r.allowed) throw new Error("unreachable");
      expect(r.retryAfterSeconds).toBeGreaterThan(3500);
      expect(r.retryAfterSeconds).toBeLessThanOrEqual(3600);
    }
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
