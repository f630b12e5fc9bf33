import type { FixtureSet } from "./types";

// Fixtures of the listing specs: providers and people only those specs use, so specs never share state.
export const LISTING_FIXTURES = {
  providers: [],
  users: [],
} satisfies FixtureSet;
