import type { HourlyRate, TeamSize } from "@/db/enums";
import type { PublicProfile } from "@/lib/providers/serialize";
import { REVIEW_AGGREGATE_RATING_MIN } from "@/lib/reviews/review-rules";
import { isSafeHttpUrl } from "@/lib/validation/primitives";
import { SPECIALTY_LABELS } from "@/components/directory/specialty-labels";

/** A band as schema.org numbers: "10-49" → 10 to 49, "250+" → 250 and up, "<25" → up to 24. */
function bandBounds(band: TeamSize | HourlyRate): { min?: number; max?: number } {
  if (band.startsWith("<")) return { max: Number(band.slice(1)) - 1 };
  if (band.endsWith("+")) return { min: Number(band.slice(0, -1)) };
  const [min, max = min] = band.split("-").map(Number);
  return { min, max };
}

function priceSpecifications(p: PublicProfile) {
  const specs: Record<string, unknown>[] = [];
  if (p.hourlyRate) {
    const { min, max } = bandBounds(p.hourlyRate);
    specs.push({ "@type": "UnitPriceSpecification", priceCurrency: "USD", unitCode: "HUR", minPrice: min, maxPrice: max });
  }
  if (p.minProjectBudget !== null) {
    specs.push({ "@type": "PriceSpecification", priceCurrency: "USD", minPrice: p.minProjectBudget, description: "Minimum project budget" });
  }
  return specs;
}

/**
 * schema.org Organization for a profile, as text for a <script type="application/ld+json">, with
 * the profile facts where schema.org has a place for them (address, foundingDate, knowsLanguage,
 * numberOfEmployees, and the rates as an offer's price specifications), and from 3 published reviews
 * on their aggregateRating (the registry is a third party to the providers it lists).
 * "<" is escaped so provider-written text can never close the script element.
 */
export function organizationJsonLd(p: PublicProfile): string {
  const safe = (url: string | null) => (url && isSafeHttpUrl(url) ? url : undefined);
  const employees = p.teamSize ? bandBounds(p.teamSize) : null;
  const prices = priceSpecifications(p);
  const data = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: p.name,
    description: p.headline || p.description || undefined,
    url: safe(p.websiteUrl),
    logo: safe(p.logoUrl),
    knowsAbout: p.specialties.length > 0 ? p.specialties.map((s) => SPECIALTY_LABELS[s]) : undefined,
    address:
      p.countryCode || p.city
        ? { "@type": "PostalAddress", addressCountry: p.countryCode ?? undefined, addressLocality: p.city ?? undefined }
        : undefined,
    foundingDate: p.foundedYear !== null ? String(p.foundedYear) : undefined,
    knowsLanguage: p.languages.length > 0 ? p.languages : undefined,
    numberOfEmployees: employees
      ? { "@type": "QuantitativeValue", minValue: employees.min, maxValue: employees.max }
      : undefined,
    makesOffer:
      prices.length > 0
        ? {
            "@type": "Offer",
            itemOffered: { "@type": "Service", name: `${p.name} services` },
            priceSpecification: prices.length === 1 ? prices[0] : prices,
          }
        : undefined,
    aggregateRating: aggregateRating(p),
  };
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** schema.org AggregateRating matching the profile's review figures, from REVIEW_AGGREGATE_RATING_MIN reviews on. */
function aggregateRating(p: PublicProfile) {
  const { count, average } = p.reviews;
  if (count < REVIEW_AGGREGATE_RATING_MIN || average === null) return undefined;
  return { "@type": "AggregateRating", ratingValue: average, reviewCount: count, bestRating: 5 };
}
