import type { FixtureSet } from "./types";

// Fixtures of the journey specs (e2e/journeys.spec.ts): a provider with an owner and a member, and an
// application whose confirmation link has expired. Used by no other spec.
export const JOURNEYS_FIXTURES = {
  providers: [
    {
      name: "E2E Journeys Co",
      slug: "e2e-journeys-co",
      approved: true,
      published: false,
      owner: { email: "journeys-owner@e2e.example", name: "Jo Owner" },
      members: [{ email: "journeys-member@e2e.example", name: "Max Member", role: "MEMBER", status: "ACCEPTED" }],
    },
  ],
  expiredApplications: [
    { name: "Exa Expired", email: "journeys-expired@e2e.example", token: "E2eExpiredVerificationLink_0000000000000000" },
  ],
} satisfies FixtureSet;
