import type { FixtureSet } from "./types";

// Fixtures of the studio-analytics spec: a listed provider a visitor browses, and its OWNER who reads the counts.
export const ANALYTICS_FIXTURES = {
  providers: [
    {
      name: "Analytics Beacon Studio",
      slug: "analytics-beacon-studio",
      approved: true,
      published: true,
      headline: "Counted without cookies",
      owner: { email: "analytics-owner@e2e.example", name: "Ana Owner" },
    },
  ],
} satisfies FixtureSet;
