import type { CompletenessItemKey } from "@/lib/ranking/ranking-formula";
import { COMPLETENESS_MIN_DESCRIPTION_CHARS, COMPLETENESS_MIN_PORTFOLIO_ITEMS } from "@/lib/ranking/ranking-formula";

/** How each completeness item reads to people (extensions §5's table). */
export const COMPLETENESS_ITEM_LABELS: Record<CompletenessItemKey, string> = {
  headline: "a headline",
  description: `a description of at least ${COMPLETENESS_MIN_DESCRIPTION_CHARS} characters`,
  logo: "a logo",
  specialties: "at least one specialty",
  country: "a country",
  languages: "at least one language",
  teamSize: "a team size",
  rateOrBudget: "an hourly rate or a minimum budget",
  foundedYear: "a founded year",
  portfolio: `at least ${COMPLETENESS_MIN_PORTFOLIO_ITEMS} portfolio items`,
};

/** The completeness sentence the API leaves to its `missing` list. */
export function completenessBasis(missing: readonly CompletenessItemKey[]): string {
  if (missing.length === 0) return "Every listing detail the score counts is filled in";
  return `Missing: ${missing.map((item) => COMPLETENESS_ITEM_LABELS[item]).join("; ")}`;
}
