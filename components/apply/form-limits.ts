// Server side only (app/apply/page.tsx): importing it from a client component would ship the schema again.
import { interestApplicationSchema } from "@/lib/applications/schemas";
import type { ApplyFormLimits } from "./form-model";

const LINK_PROBE = "https://example.com";

/**
 * The limits the apply form shows (a character count, when to stop offering another link), read
 * from the API's schema on the server, so the page does not ship the schema to show them.
 */
export function applyFormLimits(): ApplyFormLimits {
  const description = interestApplicationSchema.shape.description;
  let maxPortfolioLinks = 0;
  // The links list is wrapped (nullish, transform): ask the schema rather than read its checks.
  while (
    maxPortfolioLinks < 1000 &&
    interestApplicationSchema.shape.portfolioLinks.safeParse(Array(maxPortfolioLinks + 1).fill(LINK_PROBE)).success
  ) {
    maxPortfolioLinks++;
  }
  return {
    descriptionMin: description.minLength ?? 0,
    descriptionMax: description.maxLength ?? Number.MAX_SAFE_INTEGER,
    maxPortfolioLinks,
  };
}
