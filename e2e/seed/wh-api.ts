import type { FixtureSet } from "./types";

// Fixtures of e2e/studio-webhooks.spec.ts: a provider with an OWNER and a MEMBER that no other spec uses.
export const WH_API_FIXTURES = {
  providers: [
    {
      name: "wh-api Hooks Co",
      slug: "wh-api-hooks-co",
      approved: true,
      published: false,
      owner: { email: "wh-api-owner@e2e.example", name: "Owen Hooks" },
      members: [{ email: "wh-api-member@e2e.example", name: "Maya Hooks", role: "MEMBER", status: "ACCEPTED" }],
    },
  ],
  users: [],
} satisfies FixtureSet;
