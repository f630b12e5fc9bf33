import type { FixtureSet } from "./types";

// Fixtures of the api-keys specs: providers and people only those specs use, so specs never share state.
// Each test that needs a team of its own gets its own provider, so the tests can run in any order.
export const API_KEYS_FIXTURES = {
  providers: [
    {
      name: "E2E Keys Co",
      slug: "e2e-keys-co",
      approved: true,
      published: false,
      owner: { email: "keys-owner@e2e.example", name: "Olivia Keys" },
      members: [
        { email: "keys-admin@e2e.example", name: "Adam Keys", role: "ADMIN", status: "ACCEPTED" },
        { email: "keys-member@e2e.example", name: "Mia Keys", role: "MEMBER", status: "ACCEPTED" },
      ],
    },
    {
      name: "E2E Keys Leavers",
      slug: "e2e-keys-leavers",
      approved: true,
      published: false,
      owner: { email: "leavers-owner@e2e.example", name: "Omar Leavers" },
      members: [{ email: "leavers-admin@e2e.example", name: "Lena Leaving", role: "ADMIN", status: "ACCEPTED" }],
    },
  ],
  users: [],
} satisfies FixtureSet;
