import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
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
  // The lock is its own statement: a statement's snapshot is taken when it starts, so only a
  // statement that starts after the lock is held sees every hit committed by the previous holder.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${params.key}, 0))`);
  // Then one statement counts the window, drops expired hits and records this one if it fits
  // (they hit the database once together, where four statements made four round trips).
  const windowStart = sql`now() - make_interval(secs => ${params.windowSeconds})`;
  const [row] = await executeRows<{ hits: number; oldest: string | Date | null }>(tx, sql`
    with recent as (
      select count(*)::int as hits, min(${rateLimitHits.createdAt}) as oldest
      from ${rateLimitHits}
      where ${rateLimitHits.key} = ${params.key} and ${rateLimitHits.createdAt} > ${windowStart}
    ), expired as (
      delete from ${rateLimitHits}
      where ${rateLimitHits.key} = ${params.key} and ${rateLimitHits.createdAt} <= ${windowStart}
    ), recorded as (
      insert into ${rateLimitHits} (key) select ${params.key} from recent where recent.hits < ${params.limit}
    )
    select hits, oldest from recent`);
  if ((row?.hits ?? 0) < params.limit) return { allowed: true };
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
  const freesAt = oldest + params.windowSeconds * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - Date.now()) / 1000)) };
}
