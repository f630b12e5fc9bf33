import type { FixtureSet } from "./types";

// Fixtures of e2e/studio-export.spec.ts: a provider with an OWNER and a MEMBER that only that spec uses.
export const EXPORT_FIXTURES = {
  providers: [
    {
      name: "Export E2E Co",
      slug: "export-e2e-co",
      approved: true,
      published: false,
      owner: { email: "export-owner@e2e.example", name: "Olga Export" },
      members: [{ email: "export-member@e2e.example", name: "Max Export", role: "MEMBER", status: "ACCEPTED" }],
    },
  ],
  users: [],
} satisfies FixtureSet;
