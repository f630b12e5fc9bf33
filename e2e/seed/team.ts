import type { FixtureSet } from "./types";

// Fixtures of the team specs: providers and people only those specs use, so specs never share state.
export const TEAM_FIXTURES = {
  providers: [],
  users: [],
} satisfies FixtureSet;
