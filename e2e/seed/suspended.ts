import type { FixtureSet } from "./types";

// Fixtures of the suspended-studio spec (e2e/studio-suspended.spec.ts): a provider the registry has
// suspended, with an owner and an admin. Not published, so the directory spec never counts it.
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
  ],
} satisfies FixtureSet;
