import { publishBlocker } from "./listing-completeness";
import type { Listing } from "./serialize";

// The first steps of a new provider, shown on the studio overview until they are all done. Pure: the
// overview page reads the listing and the team and hands them in.

export type OnboardingStepKey = "listing" | "logo" | "team" | "publish";

export interface OnboardingStep {
  key: OnboardingStepKey;
  label: string;
  /** Where the step is done in the studio. */
  href: string;
  done: boolean;
  /** Why the step cannot be done yet (publishing an incomplete listing), in words; null when it can. */
  blockedBy: string | null;
}

type ListingContent = Pick<Listing, "headline" | "description" | "specialties" | "websiteUrl" | "logoUrl" | "publicProfile">;

export function onboardingSteps(params: { listing: ListingContent; teamSize: number }): OnboardingStep[] {
  const { listing } = params;
  const blocker = publishBlocker(listing);
  return [
    { key: "listing", label: "Complete the listing: a headline and a description", href: "/studio/listing", done: blocker === null, blockedBy: null },
    { key: "logo", label: "Add a logo", href: "/studio/listing", done: Boolean(listing.logoUrl), blockedBy: null },
    // Pending invitations count: the owner has done their part.
    { key: "team", label: "Invite your team", href: "/studio/team", done: params.teamSize > 1, blockedBy: null },
    {
      key: "publish",
      label: "Publish the listing",
      href: "/studio/listing",
      done: listing.publicProfile,
      blockedBy: listing.publicProfile ? null : blocker,
    },
  ];
}
