import type { FixtureSet } from "./types";

// Fixtures of the admin specs: providers and people only those specs use, so specs never share state.
// The platform admin is the demo seed's admin@provider-registry.example.
export const ADMIN_FIXTURES = {
  providers: [
    {
      // Listed in the directory: the oversight spec features, suspends and reinstates it.
      name: "E2E Admin Oversight",
      slug: "e2e-admin-oversight",
      approved: true,
      published: true,
      headline: "Watched over by the registry",
      description: "A provider the admin console features, suspends and reinstates.",
      owner: { email: "oversight-owner@e2e.example", name: "Olga Oversight" },
      members: [{ email: "oversight-member@e2e.example", name: "Omar Member", role: "MEMBER", status: "ACCEPTED" }],
    },
    {
      // Listed; its owner asks for a new slug in the studio and an admin approves it.
      name: "E2E Admin Rename",
      slug: "e2e-admin-rename",
      approved: true,
      published: true,
      headline: "Soon at a new address",
      description: "A provider whose slug changes, leaving a permanent redirect behind.",
      owner: { email: "admin-rename-owner@e2e.example", name: "Rafa Rename" },
    },
  ],
  // Signed in, but no admin: every admin page and action must answer as if it did not exist.
  users: [{ email: "not-an-admin@e2e.example", name: "Nora Notadmin" }],
} satisfies FixtureSet;
