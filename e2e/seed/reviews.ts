import type { FixtureSet } from "./types";

// Fixtures of the review-moderation spec: an approved provider (kept out of the directory) with an
// OWNER and a MEMBER, one published review to reply to and dispute, and one review held for an admin.
// The review rows are written directly by e2e/seed/insert-reviews.ts, as the invitation sweep and the
// review form would have.
export const REVIEW_MODERATION_FIXTURES = {
  providers: [
    {
      name: "E2E Review Studio",
      slug: "e2e-review-studio",
      approved: true,
      published: false,
      headline: "Reviewed by its clients",
      owner: { email: "review-owner@e2e.example", name: "Rosa Owner" },
      members: [{ email: "review-member@e2e.example", name: "Ravi Member", role: "MEMBER", status: "ACCEPTED" }],
      reviews: [
        {
          title: "Slow to answer, but the site works",
          body: "The project took longer than planned and answers came slowly, but the booking site they built works well.",
          reviewerEmail: "review-client@e2e.example",
          reviewerName: "Carla Client",
        },
        {
          title: "Held for a moderator",
          body: "Call me on 020 7946 0000 if you want to hear more about how this project went from start to finish.",
          reviewerEmail: "review-held@e2e.example",
          reviewerName: "Hugo Held",
          status: "PENDING",
          flags: ["CONTACT_DETAILS"],
        },
      ],
    },
  ],
} satisfies FixtureSet;
