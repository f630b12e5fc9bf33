import { providers, type Provider } from "@/db/schema";
import type { ProviderSummary } from "@/lib/providers/serialize";
import { toProviderSummary } from "@/lib/providers/serialize";
import type { RankExplanation } from "@/lib/ranking/rank-explanation";

/**
 * What a directory card reads of a provider: the API's summary (six keys), the logo, and the facts a
 * visitor filters by (issue 31: a card answers the filter questions without opening the profile). The
 * list API still sends the summary only; the extra columns cost nothing a page would not read anyway,
 * since every row is read from the heap for its name.
 */
export const listCardColumns = {
  slug: providers.slug,
  name: providers.name,
  headline: providers.headline,
  specialties: providers.specialties,
  featured: providers.featured,
  publishedAt: providers.publishedAt,
  logoUrl: providers.logoUrl,
  city: providers.city,
  countryCode: providers.countryCode,
  remote: providers.remote,
  teamSize: providers.teamSize,
  hourlyRate: providers.hourlyRate,
  minProjectBudget: providers.minProjectBudget,
  acceptingClients: providers.acceptingClients,
};

type CardRow = Pick<Provider, keyof typeof listCardColumns>;

/** The facts a card shows, as the profile's facts panel names them (components/directory/fact-labels.ts). */
export type CardFacts = Pick<CardRow, "city" | "countryCode" | "remote" | "teamSize" | "hourlyRate" | "minProjectBudget" | "acceptingClients">;

/** A directory card: the summary form, the logo the API's summary leaves out, its facts, and its explanation when asked for. */
export type ProviderCard = ProviderSummary & { logoUrl: string | null; facts: CardFacts; explanation?: RankExplanation };

export function toProviderCard(row: CardRow, explanation?: RankExplanation): ProviderCard {
  return {
    ...toProviderSummary(row),
    logoUrl: row.logoUrl,
    facts: {
      city: row.city,
      countryCode: row.countryCode,
      remote: row.remote,
      teamSize: row.teamSize,
      hourlyRate: row.hourlyRate,
      minProjectBudget: row.minProjectBudget,
      acceptingClients: row.acceptingClients,
    },
    ...(explanation ? { explanation } : {}),
  };
}
