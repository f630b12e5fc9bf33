import { describe, expect, it } from "vitest";
import { interestApplicationSchema } from "@/lib/applications/schemas";
import { applyFormLimits } from "./form-limits";

describe("applyFormLimits", () => {
  it("shows the form exactly the limits the API's schema enforces", () => {
    const limits = applyFormLimits();
    expect(limits).toEqual({ descriptionMin: 10, descriptionMax: 5000, maxPortfolioLinks: 10 });
    const links = (n: number) => Array(n).fill("https://example.com/work");
    expect(interestApplicationSchema.shape.portfolioLinks.safeParse(links(limits.maxPortfolioLinks)).success).toBe(true);
    expect(interestApplicationSchema.shape.portfolioLinks.safeParse(links(limits.maxPortfolioLinks + 1)).success).toBe(false);
  });
});
