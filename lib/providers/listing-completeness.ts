import type { Listing } from "./serialize";

// What a listing needs before it may be published from the studio, and what makes it better.
// Pure, so the studio's checklist (a client component) and publishListing share one definition.

export type CompletenessKey =
  | "headline"
  | "description"
  | "specialties"
  | "websiteUrl"
  | "logoUrl"
  | "bannerUrl"
  | "location"
  | "languages"
  | "teamSize"
  | "hourlyRate"
  | "portfolio";

export interface CompletenessItem {
  key: CompletenessKey;
  label: string;
  /** Required items block publishing; the others are recommended. */
  required: boolean;
  done: boolean;
  /** For images: the address the browser must be able to load before the item counts as done. */
  imageUrl?: string;
}

type ListingContent = Pick<Listing, "headline" | "description" | "specialties" | "websiteUrl" | "logoUrl"> &
  Partial<Pick<Listing, "bannerUrl" | "countryCode" | "languages" | "teamSize" | "hourlyRate">> & {
    portfolio?: readonly unknown[];
  };

export function listingCompleteness(listing: ListingContent): CompletenessItem[] {
  const image = (url: string | null | undefined) => (url ? { imageUrl: url } : {});
  return [
    { key: "headline", label: "Headline", required: true, done: listing.headline.trim() !== "" },
    { key: "description", label: "Description", required: true, done: listing.description.trim() !== "" },
    { key: "specialties", label: "At least one specialty", required: false, done: listing.specialties.length > 0 },
    { key: "websiteUrl", label: "Website", required: false, done: Boolean(listing.websiteUrl) },
    { key: "logoUrl", label: "Logo", required: false, done: Boolean(listing.logoUrl), ...image(listing.logoUrl) },
    { key: "bannerUrl", label: "Banner", required: false, done: Boolean(listing.bannerUrl), ...image(listing.bannerUrl) },
    { key: "location", label: "Country", required: false, done: Boolean(listing.countryCode) },
    { key: "languages", label: "Languages", required: false, done: (listing.languages?.length ?? 0) > 0 },
    { key: "teamSize", label: "Team size", required: false, done: Boolean(listing.teamSize) },
    { key: "hourlyRate", label: "Hourly rate", required: false, done: Boolean(listing.hourlyRate) },
    { key: "portfolio", label: "At least one portfolio project", required: false, done: (listing.portfolio?.length ?? 0) > 0 },
  ];
}

/** Why the listing may not be published yet, in words for people; null when it may. */
export function publishBlocker(listing: ListingContent): string | null {
  const missing = listingCompleteness(listing).filter((i) => i.required && !i.done);
  if (missing.length === 0) return null;
  const names = missing.map((i) => i.label.toLowerCase()).join(" and ");
  return `A listing needs a ${names} before it can be published. Add ${missing.length > 1 ? "them" : "it"} and save, then publish.`;
}
