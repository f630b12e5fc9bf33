import type { FixtureSet } from "./types";

// Fixtures of the studio sign-in spec (owned by the lead).
export const STUDIO_FIXTURES = {
  providers: [
    {
      name: "E2E Twin One",
      slug: "e2e-twin-one",
      approved: true,
      published: false,
      owner: { email: "twin@e2e.example", name: "Tess Twin" },
    },
    {
      name: "E2E Twin Two",
      slug: "e2e-twin-two",
      approved: true,
      published: false,
      owner: { email: "twin-two-owner@e2e.example", name: "Theo Two" },
      members: [{ email: "twin@e2e.example", name: "Tess Twin", role: "MEMBER", status: "ACCEPTED" }],
    },
  ],
  users: [{ email: "loner@e2e.example", name: "Lee Loner" }],
} satisfies FixtureSet;
