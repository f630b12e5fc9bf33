import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_SECONDS, retryAfterSeconds } from "./retry-schedule";

const now = new Date("2026-03-01T10:00:00.000Z");
const middle = () => 0.5; // no jitter
const secondsAfterNow = (at: Date | null) => (at === null ? null : (at.getTime() - now.getTime()) / 1000);

describe("nextAttemptAt", () => {
  it("follows the Standard Webhooks schedule: ten attempts, then none", () => {
    const delays = Array.from({ length: MAX_ATTEMPTS }, (_, i) => secondsAfterNow(nextAttemptAt({ attempt: i + 1, now, random: middle })));
    expect(delays).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400, null]);
    expect(RETRY_DELAYS_SECONDS[0]).toBe(0); // the first attempt is immediate
  });

  it("walks the whole schedule under a fake clock in about 75.5 hours", () => {
    let clock = now;
    let attempts = 1;
    for (;;) {
      const next = nextAttemptAt({ attempt: attempts, now: clock, random: middle });
      if (next === null) break;
      clock = next;
      attempts += 1;
    }
    expect(attempts).toBe(10);
    expect(secondsAfterNow(clock)).toBe(75 * 3600 + 35 * 60 + 5); // the specification's 75:35:05
  });

  it("spreads each delay by ±10 % with the random source", () => {
    expect(secondsAfterNow(nextAttemptAt({ attempt: 4, now, random: () => 0 }))).toBe(7200 * 0.9);
    expect(secondsAfterNow(nextAttemptAt({ attempt: 4, now, random: () => 0.999999 }))).toBeCloseTo(7200 * 1.1, 0);
    expect(secondsAfterNow(nextAttemptAt({ attempt: 1, now, random: () => 0.25 }))).toBe(4.75);
    for (let i = 0; i < 200; i += 1) {
      const delay = secondsAfterNow(nextAttemptAt({ attempt: 2, now, random: Math.random }))!;
      expect(delay).toBeGreaterThanOrEqual(270);
      expect(delay).toBeLessThanOrEqual(330);
    }
  });

  it("keeps a broken random source inside the ±10 % band", () => {
    for (const random of [() => -5, () => 7, () => Number.NaN]) {
      const delay = secondsAfterNow(nextAttemptAt({ attempt: 3, now, random }))!;
      expect(delay).toBeGreaterThanOrEqual(1620);
      expect(delay).toBeLessThanOrEqual(1980);
    }
  });

  it("waits max(schedule, Retry-After), Retry-After counting for at most 24 hours", () => {
    expect(secondsAfterNow(nextAttemptAt({ attempt: 1, now, random: middle, retryAfterSeconds: 120 }))).toBe(120);
    expect(secondsAfterNow(nextAttemptAt({ attempt: 3, now, random: middle, retryAfterSeconds: 120 }))).toBe(1800);
    expect(secondsAfterNow(nextAttemptAt({ attempt: 2, now, random: middle, retryAfterSeconds: 7 * 86400 }))).toBe(86400);
    expect(secondsAfterNow(nextAttemptAt({ attempt: 2, now, random: middle, retryAfterSeconds: -50 }))).toBe(300);
    expect(secondsAfterNow(nextAttemptAt({ attempt: 2, now, random: middle, retryAfterSeconds: null }))).toBe(300);
  });

  it("ends after the last attempt even when Retry-After asks for more", () => {
    expect(nextAttemptAt({ attempt: 10, now, random: middle, retryAfterSeconds: 60 })).toBeNull();
    expect(nextAttemptAt({ attempt: 11, now, random: middle })).toBeNull();
  });

  it("refuses an attempt number that is not a whole number from 1", () => {
    for (const attempt of [0, -1, 1.5, Number.NaN]) {
      expect(() => nextAttemptAt({ attempt, now, random: middle })).toThrow(RangeError);
    }
  });
});

describe("retryAfterSeconds", () => {
  it("reads delta-seconds on 429, 502, 503 and 504 only", () => {
    for (const status of [429, 502, 503, 504]) expect(retryAfterSeconds(status, "120", now)).toBe(120);
    for (const status of [200, 301, 400, 404, 410, 500]) expect(retryAfterSeconds(status, "120", now)).toBeNull();
  });

  it("reads an HTTP date relative to now, never negative", () => {
    expect(retryAfterSeconds(503, "Sun, 01 Mar 2026 10:05:00 GMT", now)).toBe(300);
    expect(retryAfterSeconds(503, "Sun, 01 Mar 2026 09:00:00 GMT", now)).toBe(0);
  });

  it("caps at 24 hours and ignores absent or malformed values", () => {
    expect(retryAfterSeconds(429, "999999999", now)).toBe(86400);
    expect(retryAfterSeconds(429, "Tue, 01 Mar 2036 10:00:00 GMT", now)).toBe(86400);
    for (const header of [undefined, "", "soon", "-5", "1.5", "12abc", "2026-03-01T10:05:00Z"]) {
      expect(retryAfterSeconds(429, header, now)).toBeNull();
    }
  });
});
