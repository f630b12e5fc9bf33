import type { FixtureSet } from "./types";

// Fixtures of the team specs (e2e/studio-team.spec.ts): providers and people only those specs use,
// so specs never share state. Each person plays one part in one test.
export const TEAM_FIXTURES = {
  providers: [
    {
      name: "E2E Team Co",
      slug: "e2e-team-co",
      approved: true,
      published: false,
      owner: { email: "team-owner@e2e.example", name: "Tara Owner" },
      members: [
        { email: "team-admin@e2e.example", name: "Adam Admin", role: "ADMIN", status: "ACCEPTED" },
        { email: "team-member@e2e.example", name: "Mel Member", role: "MEMBER", status: "ACCEPTED" },
        { email: "team-leaver@e2e.example", name: "Lou Leaver", role: "MEMBER", status: "ACCEPTED" },
        { email: "team-expired@e2e.example", name: "Eve Expired", role: "MEMBER", status: "PENDING", inviteExpired: true },
        { email: "team-decliner@e2e.example", name: "Dee Decliner", role: "MEMBER", status: "PENDING" },
      ],
    },
  ],
  // Has an account and no provider: the person the owner invites.
  users: [{ email: "team-invitee@e2e.example", name: "Ivy Invitee" }],
} satisfies FixtureSet;
