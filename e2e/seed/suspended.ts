import type { FixtureSet } from "./types";

// Fixtures of the suspended-studio spec (e2e/studio-suspended.spec.ts): a provider the registry has
// suspended, with an owner and an admin, and one an admin suspends in the spec, with an owner and a
// plain member. Neither is published, so the directory spec never counts them.
export const SUSPENDED_FIXTURES = {
  providers: [
    {
      name: "E2E Suspended Co",
      slug: "e2e-suspended-co",
      approved: true,
      published: false,
      headline: "A provider the registry has suspended",
      suspendedNote: "Several clients reported unpaid invoices; we are looking into it.",
      owner: { email: "suspended-owner@e2e.example", name: "Sam Suspended" },
      members: [{ email: "suspended-admin@e2e.example", name: "Ada Suspended", role: "ADMIN", status: "ACCEPTED" }],
    },
    {
      name: "E2E Suspend Journey",
      slug: "e2e-suspend-journey",
      approved: true,
      published: false,
      headline: "A provider an admin suspends with a reason",
      owner: { email: "suspend-journey-owner@e2e.example", name: "Oona Journey" },
      members: [{ email: "suspend-journey-member@e2e.example", name: "Mats Journey", role: "MEMBER", status: "ACCEPTED" }],
    },
  ],
} satisfies FixtureSet;
