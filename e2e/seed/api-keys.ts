import type { FixtureSet } from "./types";

// Fixtures of the api-keys specs: providers and people only those specs use, so specs never share state.
export const API_KEYS_FIXTURES = {
  providers: [],
  users: [],
} satisfies FixtureSet;
