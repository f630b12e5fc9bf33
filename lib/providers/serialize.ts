import type { Provider } from "@/db/schema";
import type { z } from "zod";
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

export function toPublicProfile(p: Provider): PublicProfile {
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
  };
}

export function toListing(p: Provider): Listing {
  return { ...toPublicProfile(p), publicProfile: p.publicProfile };
}
