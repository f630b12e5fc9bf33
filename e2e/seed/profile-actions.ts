import type { FixtureSet } from "./types";

// Fixtures of e2e/profile-actions.spec.ts (issue 31, points 1 and 2): a listed provider with every
// card fact stated and taking clients, and one in the same specialty that is not. Used by no other spec.
export const PROFILE_ACTIONS_FIXTURES = {
  providers: [
    {
      name: "E2E Contact First",
      slug: "e2e-contact-first",
      approved: true,
      published: true,
      headline: "Data pipelines for small shops",
      description: "We build the reports you read on Monday mornings.",
      owner: { email: "contact-first-owner@e2e.example", name: "Cora First" },
      facts: {
        specialties: ["DATA"],
        websiteUrl: "https://contact-first.example.com",
        city: "Lisbon",
        countryCode: "PT",
        remote: true,
        teamSize: "2-9",
        hourlyRate: "50-99",
        minProjectBudget: 5000,
        acceptingClients: true,
      },
    },
    {
      name: "E2E Fully Booked",
      slug: "e2e-fully-booked",
      approved: true,
      published: true,
      headline: "Dashboards, booked until spring",
      owner: { email: "fully-booked-owner@e2e.example", name: "Finn Booked" },
      facts: { specialties: ["DATA"], acceptingClients: false, city: "Oslo", countryCode: "NO", remote: false },
    },
  ],
} satisfies FixtureSet;
