// Listing fields as people say them, for the studio's activity log and the admin's audit trail
// ("website, logo", not "websiteUrl, logoUrl"). A field not listed here (an older event, a field
// added later) still reads as words: "fooBar" → "foo bar".

const LISTING_FIELD_LABELS: Record<string, string> = {
  headline: "headline",
  description: "description",
  specialties: "specialties",
  websiteUrl: "website",
  logoUrl: "logo",
  bannerUrl: "banner",
  countryCode: "country",
  city: "city",
  remote: "remote work",
  languages: "languages",
  teamSize: "team size",
  hourlyRate: "hourly rate",
  minProjectBudget: "minimum project budget",
  foundedYear: "founding year",
  acceptingClients: "accepting new clients",
  portfolio: "portfolio",
  name: "name",
  slug: "slug",
};

/** A code name in words: "requestedValue" → "requested value", "invite_status" → "invite status". */
export function codeNameInWords(code: string): string {
  return code.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
}

export function listingFieldLabel(field: string): string {
  return LISTING_FIELD_LABELS[field] ?? codeNameInWords(field);
}
