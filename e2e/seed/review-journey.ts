import type { FixtureSet } from "./types";

// Fixtures of the review journey (e2e/review-journey.spec.ts): a listed provider with no reviews yet,
// which a visitor writes to, reviews, and is then forgotten by; its OWNER replies and disputes.
export const REVIEW_JOURNEY_FIXTURES = {
  providers: [
    {
      name: "E2E Journey Reviews",
      slug: "e2e-journey-reviews",
      approved: true,
      published: true,
      headline: "Reviewed from first message to erasure",
      owner: { email: "journey-reviews-owner@e2e.example", name: "Jo Owner" },
    },
  ],
} satisfies FixtureSet;
