import type { FixtureSet } from "./types";

// Fixtures of the listing specs: providers and people only those specs use, so specs never share state.
export const LISTING_FIXTURES = {
  providers: [
    {
      // Approved but unpublished, with a headline and no description: publishing is refused until it has one.
      name: "E2E Listing Co",
      slug: "e2e-listing-co",
      approved: true,
      published: false,
      headline: "Listings that shine",
      owner: { email: "listing-owner@e2e.example", name: "Lina Lister" },
      members: [{ email: "listing-member@e2e.example", name: "Milo Member", role: "MEMBER", status: "ACCEPTED" }],
    },
    {
      name: "E2E Listing Rename",
      slug: "e2e-listing-rename",
      approved: true,
      published: false,
      headline: "About to be renamed",
      description: "A provider that asks for a new slug.",
      owner: { email: "listing-rename@e2e.example", name: "Rena Renamer" },
    },
    {
      // Published but not yet approved by the registry: the page must say the public cannot see it.
      name: "E2E Listing Pending",
      slug: "e2e-listing-pending",
      approved: false,
      published: true,
      headline: "Waiting for approval",
      description: "Published, but the registry has not approved it yet.",
      owner: { email: "listing-pending@e2e.example", name: "Penny Pending" },
    },
    {
      // Approved, unpublished, with no profile facts yet: the facts spec fills every one and publishes.
      name: "E2E Facts Co",
      slug: "e2e-facts-co",
      approved: true,
      published: false,
      headline: "Freight and health software, built with care",
      description: "A studio that fills in every profile fact.",
      owner: { email: "facts-owner@e2e.example", name: "Fay Facts" },
    },
  ],
  users: [],
} satisfies FixtureSet;
