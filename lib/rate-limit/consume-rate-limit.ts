import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { rateLimitHits } from "@/db/schema";
import { metrics } from "@/lib/metrics/registry";

export interface RateLimitParams {
  /** What is limited: a fixed name from the code, e.g. "interest:email". */
  scope: string;
  /** Whom it is counted for (an address, a client IP, a provider id): any text, stored only as a hash. */
  subject: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const SCOPE = /^[a-z][a-z0-9-]*(?::[a-z][a-z0-9-]*)*$/;
const SCOPE_MAX_LENGTH = 64;

/**
 * The stored key of a limit: its scope and the SHA-256 of the subject. Whatever the subject (a
 * 20 KB header value, NUL characters, lone surrogates), the key is at most 64 + 1 + 64 characters,
 * so it always fits the btree index on rate_limit_hits; and the table holds no addresses in clear.
 */
export function rateLimitKey(scope: string, subject: string): string {
  // The scope comes from our code, never from a request: a bad one is a programming error.
  if (scope.length > SCOPE_MAX_LENGTH || !SCOPE.test(scope)) throw new Error(`Invalid rate-limit scope: ${JSON.stringify(scope)}`);
  return `${scope}:${createHash("sha256").update(subject, "utf8").digest("hex")}`;
}

/**
 * Sliding-window limit, exact under any concurrency and across app instances: a transaction-scoped
 * advisory lock on the key serialises callers, so the count and the insert happen as one step.
 * Must run inside a transaction (`tx`); the hit is recorded only if that transaction commits.
 * Each hit stores when it stops counting (`expires_at`), so purgeExpiredRateLimitHits can drop
 * the hits of keys that never come back.
 */
export async function consumeRateLimit(tx: Db, params: RateLimitParams): Promise<RateLimitResult> {
  const key = rateLimitKey(params.scope, params.subject);
  // The lock is its own statement: a statement's snapshot is taken when it starts, so only a
  // statement that starts after the lock is held sees every hit committed by the previous holder.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  // Then one statement counts the window, drops expired hits and records this one if it fits
  // (they hit the database once together, where four statements made four round trips).
  const window = sql`make_interval(secs => ${params.windowSeconds})`;
  const [row] = await executeRows<{ hits: number; oldest: string | Date | null }>(tx, sql`
    with recent as (
      select count(*)::int as hits, min(${rateLimitHits.createdAt}) as oldest
      from ${rateLimitHits}
      where ${rateLimitHits.key} = ${key} and ${rateLimitHits.createdAt} > now() - ${window}
    ), expired as (
      delete from ${rateLimitHits}
      where ${rateLimitHits.key} = ${key} and ${rateLimitHits.createdAt} <= now() - ${window}
    ), recorded as (
      insert into ${rateLimitHits} (key, expires_at)
      select ${key}, now() + ${window} from recent where recent.hits < ${params.limit}
    )
    select hits, oldest from recent`);
  if ((row?.hits ?? 0) < params.limit) return { allowed: true };
  metrics().rateLimitRefusals.inc({ scope: params.scope });
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
  const freesAt = oldest + params.windowSeconds * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - Date.now()) / 1000)) };
}
