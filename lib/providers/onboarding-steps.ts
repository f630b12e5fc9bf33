import { publishBlocker } from "./listing-completeness";
import type { Listing } from "./serialize";

// The first steps of a new provider, shown on the studio overview to owners and admins until they are
// all done or someone hides them. Pure: the overview page reads the listing and the team and hands them in.

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

/**
 * The cookie that hides the steps of one provider in this browser ("Hide this" on the overview). A
 * cookie, not a column: hiding a reminder is a preference of the person at this screen, needs no
 * migration, and the server reads it, so the hidden card never flashes before it goes.
 */
export function onboardingHiddenCookie(providerId: string): string {
  return `onboarding_hidden_${providerId}`;
}
