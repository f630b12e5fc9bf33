import type { FixtureSet } from "./types";

// Fixtures of the reports spec: a listed provider visitors report as out of date, with an OWNER and a MEMBER.
export const REPORTS_FIXTURES = {
  providers: [
    {
      name: "E2E Report Studio",
      slug: "e2e-report-studio",
      approved: true,
      published: true,
      headline: "Listed, and maybe out of date",
      owner: { email: "report-owner@e2e.example", name: "Rita Owner" },
      members: [{ email: "report-member@e2e.example", name: "Remy Member", role: "MEMBER", status: "ACCEPTED" }],
    },
  ],
} satisfies FixtureSet;
