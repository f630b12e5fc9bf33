import type { FixtureSet } from "./types";

// Fixtures of the review-reading spec (e2e/review-reading.spec.ts): a listed provider with published
// reviews (written straight into the tables by e2e/seed/review-rows.ts, then its figures refreshed),
// one with a reply, one under dispute, one with an incentive, and an active manipulation notice.
export const REVIEW_READING_FIXTURES = {
  providers: [
    {
      name: "E2E Reviewed Studio",
      slug: "e2e-reviewed-studio",
      approved: true,
      published: true,
      headline: "Reviewed by the clients who contacted us",
      owner: { email: "reviewed-owner@e2e.example", name: "Rhea Owner" },
      publicReviews: [
        { overall: 5, daysAgo: 2, title: "Shipped on time, see www.reviewed-proof.example", reviewer: "Ada Lovelace", verification: "CONFIRMED_BY_BOTH", reply: "Thank you, Ada, it was a pleasure." },
        { overall: 2, daysAgo: 5, title: "Slow answers in the second month", reviewer: "Grace Hopper", wouldRecommend: false, underDispute: true },
        { overall: 4, daysAgo: 9, title: "Good designers, tight budget", reviewer: "Alan Turing", incentive: "A ten percent discount on the next invoice" },
        { overall: 5, daysAgo: 14, title: "The best agency we have hired", reviewer: "Katherine Johnson" },
        { overall: 3, daysAgo: 20, title: "Fine work, some rework needed", reviewer: "Edsger Dijkstra" },
        { overall: 5, daysAgo: 30, title: "Would hire them again tomorrow", reviewer: "Barbara Liskov" },
        { overall: 1, daysAgo: 40, title: "The project ended early for us", reviewer: "Linus Pauling", wouldRecommend: false },
      ],
      notice: "We removed 3 reviews of this provider that were written by people working for it.",
    },
  ],
} satisfies FixtureSet;
