import { describe, expect, it } from "vitest";
import { onboardingSteps } from "./onboarding-steps";

const empty = { headline: "", description: "", specialties: [], websiteUrl: null, logoUrl: null, publicProfile: false };

describe("onboardingSteps", () => {
  it("a new provider has every step to do, and publishing is blocked with the reason", () => {
    const steps = onboardingSteps({ listing: empty, teamSize: 1 });
    expect(steps.map((s) => [s.key, s.done])).toEqual([
      ["listing", false],
      ["logo", false],
      ["team", false],
      ["publish", false],
    ]);
    expect(steps.find((s) => s.key === "publish")!.blockedBy).toBe(
      "A listing needs a headline and description before it can be published. Add them and save, then publish.",
    );
  });

  it("a complete listing may be published; a published one with a logo and a colleague is all done", () => {
    const complete = { ...empty, headline: "Calm interfaces", description: "We design." };
    expect(onboardingSteps({ listing: complete, teamSize: 1 }).find((s) => s.key === "publish")).toMatchObject({ done: false, blockedBy: null });
    const steps = onboardingSteps({ listing: { ...complete, logoUrl: "https://x.example/logo.png", publicProfile: true }, teamSize: 2 });
    expect(steps.every((s) => s.done)).toBe(true);
  });
});
