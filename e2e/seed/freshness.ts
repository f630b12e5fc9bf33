import type { FixtureSet } from "./types";

// Fixtures of the freshness spec (e2e/freshness.spec.ts): listings whose details were last confirmed
// long ago. The seed's freshness sweep emails the reminder (155 days) and hides the 215-day one; the
// 185-day one shows the public label. Only the hidden one starts outside the directory.
export const FRESHNESS_FIXTURES = {
  providers: [
    {
      name: "E2E Stale Label Co",
      slug: "e2e-stale-label-co",
      approved: true,
      published: true,
      headline: "Details not confirmed for half a year",
      confirmedDaysAgo: 185,
      owner: { email: "stale-owner@e2e.example", name: "Stella Stale" },
    },
    {
      name: "E2E Hidden Co",
      slug: "e2e-hidden-co",
      approved: true,
      published: true,
      headline: "Hidden until its team confirms",
      confirmedDaysAgo: 215,
      owner: { email: "hidden-owner@e2e.example", name: "Hugo Hidden" },
    },
    {
      name: "E2E Reminder Co",
      slug: "e2e-reminder-co",
      approved: true,
      published: true,
      headline: "Reminded to confirm its details",
      confirmedDaysAgo: 155,
      owner: { email: "reminder-owner@e2e.example", name: "Remy Reminder" },
    },
  ],
} satisfies FixtureSet;
