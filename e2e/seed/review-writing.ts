import type { FixtureSet } from "./types";

// Fixtures of the review-writing spec: a provider out of the directory (so the directory spec's pages
// do not change) and a client with a sent review invitation (e2e/seed/review-invitations.ts writes it).
export const REVIEW_WRITING_FIXTURES = {
  providers: [
    {
      name: "E2E Writing Studio",
      slug: "e2e-writing-studio",
      approved: true,
      published: false,
      headline: "Reviewed by a client",
      owner: { email: "writing-owner@e2e.example", name: "Wren Owner" },
    },
  ],
} satisfies FixtureSet;

/** The client's invitation: its emailed token (43 base64url characters) and the sender's details. */
export const REVIEW_INVITATION_FIXTURE = {
  providerSlug: "e2e-writing-studio",
  token: "e2eReviewInvitationToken0000000000000000000",
  senderEmail: "grace@northwind-client.example",
  senderName: "Grace Hopper",
  senderCompany: "Northwind Client Ltd",
  budget: "25k-100k" as const,
};
