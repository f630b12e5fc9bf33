import type { FixtureSet } from "./types";

// Fixtures of the journey specs (e2e/journeys.spec.ts, e2e/phone-layout.spec.ts): a provider with an
// owner, a member and a pending invitation, and applications whose confirmation links have expired
// (one the journey renews, one the phone check only looks at). Used by no other spec.
export const JOURNEYS_FIXTURES = {
  providers: [
    {
      name: "E2E Journeys Co",
      slug: "e2e-journeys-co",
      approved: true,
      published: false,
      owner: { email: "journeys-owner@e2e.example", name: "Jo Owner" },
      members: [
        { email: "journeys-member@e2e.example", name: "Max Member", role: "MEMBER", status: "ACCEPTED" },
        { email: "journeys-invitee@e2e.example", name: "Ivo Invitee", role: "MEMBER", status: "PENDING" },
      ],
    },
  ],
  expiredApplications: [
    { name: "Exa Expired", email: "journeys-expired@e2e.example", token: "E2eExpiredVerificationLink_0000000000000000" },
    { name: "Pim Expired", email: "journeys-expired-phone@e2e.example", token: "E2eExpiredVerificationLink_phone_0000000000" },
  ],
} satisfies FixtureSet;
