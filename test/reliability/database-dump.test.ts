import { describe, expect, it } from "vitest";
import { countKnob } from "./database-dump";

describe("the reliability knobs (RELIABILITY_RUNS, RELIABILITY_RACE_ROUNDS)", () => {
  it("take a whole number of at least 1, and the default when unset or empty", () => {
    expect(countKnob("RELIABILITY_RUNS", 60, {})).toBe(60);
    expect(countKnob("RELIABILITY_RUNS", 60, { RELIABILITY_RUNS: "" })).toBe(60);
    expect(countKnob("RELIABILITY_RUNS", 60, { RELIABILITY_RUNS: "1" })).toBe(1);
    expect(countKnob("RELIABILITY_RACE_ROUNDS", 100, { RELIABILITY_RACE_ROUNDS: "250" })).toBe(250);
  });

  it.each(["0", "-3", "2.5", "many", "NaN"])("refuse %s, which would run nothing or make no sense", (value) => {
    expect(() => countKnob("RELIABILITY_RACE_ROUNDS", 100, { RELIABILITY_RACE_ROUNDS: value })).toThrow(/at least 1/);
  });
});
