/**
 * When a webhook delivery is attempted again: the Standard Webhooks 1.0 example schedule, with jitter.
 *
 * The specification's table has ten attempts: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 14 h, 20 h and 24 h after the previous failure (about 75.5 hours in all). It recommends random
 * jitter so that retries caused by our own load do not arrive in lock-step; we spread each delay by
 * ±10 %. A `Retry-After` on 429, 502, 503 or 504 (the statuses the specification singles out for
 * throttling) moves the next attempt to max(schedule, Retry-After), where Retry-After counts for at
 * most 24 hours so a receiver cannot park a delivery for ever. After the tenth attempt there is no
 * next one: the delivery is FAILED.
 *
 * Pure: the clock and the random source are parameters, so tests drive it with fixed values.
 */

/** Seconds to wait after attempt n fails before attempt n + 1; index 0 is the first attempt (immediate). */
export const RETRY_DELAYS_SECONDS = [0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length;
export const RETRY_JITTER = 0.1;
export const RETRY_AFTER_CAP_SECONDS = 24 * 3600;
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export interface NextAttemptParams {
  /** The attempt that just failed, counting from 1. */
  attempt: number;
  now: Date;
  /** A number in [0, 1), like Math.random. */
  random: () => number;
  /** The receiver's Retry-After, from `retryAfterSeconds()`: only for 429/502/503/504. */
  retryAfterSeconds?: number | null;
}

/** When to try again after `attempt` failed, or null when it was the last attempt. */
export function nextAttemptAt({ attempt, now, random, retryAfterSeconds }: NextAttemptParams): Date | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a whole number from 1, got ${attempt}`);
  if (attempt >= MAX_ATTEMPTS) return null;
  const scheduled = RETRY_DELAYS_SECONDS[attempt]!;
  const spread = 1 + (clampUnit(random()) * 2 - 1) * RETRY_JITTER;
  const requested = Math.min(Math.max(retryAfterSeconds ?? 0, 0), RETRY_AFTER_CAP_SECONDS);
  const delayMs = Math.max(scheduled * spread * 1000, requested * 1000);
  return new Date(now.getTime() + Math.round(delayMs));
}

/**
 * The delay a response asks for, in whole seconds, when the status is one where the specification
 * says to throttle (429, 502, 503, 504); null otherwise or when the header is absent or malformed.
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 */
export function retryAfterSeconds(statusCode: number, header: string | undefined, now: Date): number | null {
  if (!RETRY_AFTER_STATUSES.has(statusCode) || header === undefined) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(Number(value), RETRY_AFTER_CAP_SECONDS);
  // An HTTP date names its weekday and GMT; a bare number of another shape (e.g. "1.5") is not one.
  if (!/GMT$/.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(Math.ceil((at - now.getTime()) / 1000), 0), RETRY_AFTER_CAP_SECONDS);
}

function clampUnit(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return value >= 1 ? 1 : value;
}
