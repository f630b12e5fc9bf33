import { describe, expect, it } from "vitest";
import {
  completenessComponent,
  freshnessComponent,
  rankScore,
  responsivenessComponent,
  reviewsComponent,
  roundDecimal,
} from "./rank-components";
import { NEUTRAL_RESPONSIVENESS, NEUTRAL_REVIEWS } from "./ranking-formula";
import { rotationMonday, storedRotation } from "./rotation-key";

describe("the ranking formula", () => {
  it("gives the spec's worked example: 7 reviews averaging 4.6, 9 of 10 answered in 5 hours, two items missing, fresh → 0.8612", () => {
    const reviews = reviewsComponent({ count: 7, sum: 7 * 4.6 });
    const responsiveness = responsivenessComponent({ sample: 10, responded: 9, medianHours: 5 });
    const completeness = completenessComponent(["foundedYear", "portfolio"]);
    expect(roundDecimal(reviews, 4)).toBe(0.7854);
    expect(roundDecimal(responsiveness, 4)).toBe(0.9211);
    expect(completeness).toBeCloseTo(0.8, 10);
    expect(freshnessComponent(12)).toBe(1);
    expect(rankScore({ reviews, responsiveness, completeness, freshness: 1 })).toBe(0.8612);
  });

  it("counts no reviews and fewer than 5 inquiries as neutral", () => {
    expect(reviewsComponent({ count: 0, sum: 0 })).toBe(NEUTRAL_REVIEWS);
    expect(NEUTRAL_REVIEWS).toBe(0.625);
    expect(responsivenessComponent(null)).toBe(NEUTRAL_RESPONSIVENESS);
    expect(responsivenessComponent({ sample: 4, responded: 4, medianHours: 1 })).toBe(NEUTRAL_RESPONSIVENESS);
  });

  it("keeps freshness at 1 to day 90, falls linearly towards 0.5, and is 0 from day 180", () => {
    expect(freshnessComponent(90)).toBe(1);
    expect(freshnessComponent(135)).toBeCloseTo(0.75, 10);
    expect(freshnessComponent(179)).toBeGreaterThan(0.5);
    expect(freshnessComponent(180)).toBe(0);
  });

  it("rounds half away from zero as Postgres rounds numeric, despite float noise", () => {
    expect(roundDecimal(0.21875, 4)).toBe(0.2188);
    expect(roundDecimal(1.00005, 4)).toBe(1.0001);
  });
});

describe("the weekly rotation key", () => {
  const id = "6f1c1f8e-1c53-4f53-9d0b-5d2f7c1a2b3c";

  it("is stable from Monday 00:00:00 UTC to Sunday 23:59:59 and changes at the boundary", () => {
    const monday = new Date("2026-11-23T00:00:00.000Z");
    const sunday = new Date("2026-11-29T23:59:59.999Z");
    const next = new Date("2026-11-30T00:00:00.000Z");
    expect(rotationMonday(monday)).toBe("2026-11-23");
    expect(rotationMonday(sunday)).toBe("2026-11-23");
    expect(rotationMonday(next)).toBe("2026-11-30");
    expect(storedRotation(id, sunday)).toBe(storedRotation(id, monday));
    expect(storedRotation(id, next)).not.toBe(storedRotation(id, monday));
    expect(rotationMonday(new Date("2026-11-22T23:59:59.999Z"))).toBe("2026-11-16");
  });
});
