import type { Provider } from "@/db/schema";
import { hideAt, staleAt } from "@/lib/freshness/freshness-fields";
import type { z } from "zod";
import type { Responsiveness } from "@/lib/provider-core/responsiveness-schema";
import { toRankExplanation } from "@/lib/ranking/rank-explanation";
import type { listingSchema, providerSummarySchema, publicProfileSchema } from "./schemas";

export type ProviderSummary = z.output<typeof providerSummarySchema>;
export type PublicProfile = z.output<typeof publicProfileSchema>;
export type Listing = z.output<typeof listingSchema>;

type SummaryColumns = Pick<Provider, "slug" | "name" | "headline" | "specialties" | "featured" | "publishedAt">;

export function toProviderSummary(p: SummaryColumns): ProviderSummary {
  return {
    slug: p.slug,
    name: p.name,
    headline: p.headline,
    specialties: p.specialties,
    featured: p.featured,
    publishedAt: p.publishedAt?.toISOString() ?? null,
  };
}

/**
 * `responsiveness`, the review figures and the notices are maintained beside the provider
 * (lib/inquiries, lib/reviews): callers read them and pass them in.
 */
export function toPublicProfile(
  p: Provider,
  responsiveness: Responsiveness,
  reviewing: Pick<PublicProfile, "reviews" | "notices">,
): PublicProfile {
  return { ...profileFields(p, responsiveness), ranking: toRankExplanation(p), reviews: reviewing.reviews, notices: reviewing.notices };
}

function profileFields(p: Provider, responsiveness: Responsiveness): Omit<PublicProfile, "ranking" | "reviews" | "notices"> {
  return {
    slug: p.slug,
    name: p.name,
    headline: p.headline,
    description: p.description,
    specialties: p.specialties,
    websiteUrl: p.websiteUrl,
    logoUrl: p.logoUrl,
    bannerUrl: p.bannerUrl,
    featured: p.featured,
    publishedAt: p.publishedAt?.toISOString() ?? null,
    confirmedAt: p.confirmedAt.toISOString(),
    responsiveness,
    countryCode: p.countryCode,
    city: p.city,
    remote: p.remote,
    languages: p.languages,
    teamSize: p.teamSize,
    hourlyRate: p.hourlyRate,
    minProjectBudget: p.minProjectBudget,
    foundedYear: p.foundedYear,
    acceptingClients: p.acceptingClients,
    // Every item has all four keys: null where the provider gave no summary or image.
    portfolio: p.portfolio.map((item) => ({
      title: item.title,
      url: item.url,
      summary: item.summary ?? null,
      imageUrl: item.imageUrl ?? null,
    })),
  };
}

export function toListing(p: Provider, responsiveness: Responsiveness): Listing {
  return {
    ...profileFields(p, responsiveness),
    publicProfile: p.publicProfile,
    hiddenReason: p.hiddenReason,
    staleHiddenAt: p.staleHiddenAt?.toISOString() ?? null,
    staleAt: staleAt(p.confirmedAt).toISOString(),
    hideAt: hideAt(p.confirmedAt).toISOString(),
  };
}
