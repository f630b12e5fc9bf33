import type { Listing } from "./serialize";

// What a listing needs before it may be published from the studio, and what makes it better.
// Pure, so the studio's checklist (a client component) and publishListing share one definition.

export type CompletenessKey = "headline" | "description" | "specialties" | "websiteUrl" | "logoUrl";

export interface CompletenessItem {
  key: CompletenessKey;
  label: string;
  /** Required items block publishing; the others are recommended. */
  required: boolean;
  done: boolean;
}

type ListingContent = Pick<Listing, "headline" | "description" | "specialties" | "websiteUrl" | "logoUrl">;

export function listingCompleteness(listing: ListingContent): CompletenessItem[] {
  return [
    { key: "headline", label: "Headline", required: true, done: listing.headline.trim() !== "" },
    { key: "description", label: "Description", required: true, done: listing.description.trim() !== "" },
    { key: "specialties", label: "At least one specialty", required: false, done: listing.specialties.length > 0 },
    { key: "websiteUrl", label: "Website", required: false, done: Boolean(listing.websiteUrl) },
    { key: "logoUrl", label: "Logo", required: false, done: Boolean(listing.logoUrl) },
  ];
}

/** Why the listing may not be published yet, in words for people; null when it may. */
export function publishBlocker(listing: ListingContent): string | null {
  const missing = listingCompleteness(listing).filter((i) => i.required && !i.done);
  if (missing.length === 0) return null;
  const names = missing.map((i) => i.label.toLowerCase()).join(" and ");
  return `A listing needs a ${names} before it can be published. Add ${missing.length > 1 ? "them" : "it"} and save, then publish.`;
}
