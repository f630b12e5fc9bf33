import type { FixtureSet } from "./types";

// Fixtures of the admin specs: providers and people only those specs use, so specs never share state.
export const ADMIN_FIXTURES = {
  providers: [],
  users: [],
} satisfies FixtureSet;
