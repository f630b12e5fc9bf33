import type { HourlyRate, TeamSize } from "@/db/enums";
import { countryName, languageName } from "@/lib/validation/iso-codes";

// How the profile facts read to people; the API and the database use codes and bands. Shared by the
// public profile, the studio's preview and the studio's form, so they always say the same thing.

export const TEAM_SIZE_LABELS: Record<TeamSize, string> = {
  "1": "1 person",
  "2-9": "2–9 people",
  "10-49": "10–49 people",
  "50-249": "50–249 people",
  "250+": "250 or more people",
};

export const HOURLY_RATE_LABELS: Record<HourlyRate, string> = {
  "<25": "Under $25 an hour",
  "25-49": "$25–49 an hour",
  "50-99": "$50–99 an hour",
  "100-149": "$100–149 an hour",
  "150-199": "$150–199 an hour",
  "200+": "$200 or more an hour",
};

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** 20000 → "$20,000"; 0 → "No minimum". */
export function budgetLabel(amount: number): string {
  return amount === 0 ? "No minimum" : usd.format(amount);
}

/** "Berlin, Germany", "Germany" or "Berlin"; null when neither is known. */
export function locationLabel(countryCode: string | null, city: string | null): string | null {
  const parts = [city?.trim() || null, countryCode ? countryName(countryCode) : null].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}

/** ["de", "en"] → "German, English". */
export function languagesLabel(codes: readonly string[]): string {
  return codes.map(languageName).join(", ");
}
