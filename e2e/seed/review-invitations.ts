import type { FixtureSet } from "./types";

// Fixtures of the review invitations spec (e2e/review-invitations.spec.ts): a provider (unlisted, so
// the directory's pages do not change) with two delivered inquiries. The recent one is for the owner
// to mark "We worked together"; the old one (50 days) is invited by the seed's run of the invitation
// sweep (e2e/seed-review-invitations.ts), as the maintenance timer would, so its email with the decline link is in the mailbox.
export const REVIEW_INVITATIONS_FIXTURES = {
  providers: [
    {
      name: "E2E Invite Studio",
      slug: "e2e-invite-studio",
      approved: true,
      published: false,
      headline: "Asks its clients how it went",
      owner: { email: "invite-owner@e2e.example", name: "Ivy Owner" },
    },
  ],
} satisfies FixtureSet;

/** The senders write from their own companies' domains: one at the team's domain would be a conflict, never invited. */
export const INVITE_SENDERS = {
  recent: { name: "Rachel Recent", email: "rachel@recent-rolls.example", company: "Recent Rolls", deliveredDaysAgo: 2 },
  old: { name: "Oscar Old", email: "oscar@old-oak.example", company: "Old Oak", deliveredDaysAgo: 50 },
} as const;
