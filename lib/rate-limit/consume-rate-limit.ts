import { and, asc, count, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rateLimitHits } from "@/db/schema";

export interface RateLimitParams {
  /** What is limited, e.g. "interest:email:ada@example.com". */
  key: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sliding-window limit, exact under any concurrency and across app instances: a transaction-scoped
 * advisory lock on the key serialises callers, so the count and the insert happen as one step.
 * Must run inside a transaction (`tx`); the hit is recorded only if that transaction commits.
 */
export async function consumeRateLimit(tx: Db, params: RateLimitParams): Promise<RateLimitResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${params.key}, 0))`);
  const windowStart = sql`now() - make_interval(secs => ${params.windowSeconds})`;
  await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.key, params.key), lte(rateLimitHits.createdAt, windowStart)));
  const [row] = await tx
    .select({ hits: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, params.key), gt(rateLimitHits.createdAt, windowStart)));
  if ((row?.hits ?? 0) >= params.limit) {
    const [oldest] = await tx
      .select({ createdAt: rateLimitHits.createdAt })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, params.key))
      .orderBy(asc(rateLimitHits.createdAt))
      .limit(1);
    const freesAt = (oldest?.createdAt.getTime() ?? Date.now()) + params.windowSeconds * 1000;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - Date.now()) / 1000)) };
  }
  await tx.insert(rateLimitHits).values({ key: params.key });
  return { allowed: true };
}
