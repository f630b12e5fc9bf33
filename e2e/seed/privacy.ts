import type { FixtureSet } from "./types";

// Fixtures of the privacy requests spec: a listed provider a visitor writes to, then asks for a copy
// of their data and its erasure; its OWNER sees the inquiry erased.
export const PRIVACY_FIXTURES = {
  providers: [
    {
      name: "E2E Privacy Studio",
      slug: "e2e-privacy-studio",
      approved: true,
      published: true,
      headline: "Listed, written to, then forgotten",
      owner: { email: "privacy-owner@e2e.example", name: "Pia Owner" },
    },
  ],
} satisfies FixtureSet;
