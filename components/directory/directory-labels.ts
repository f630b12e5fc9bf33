import { TEAM_SIZES, type TeamSize } from "@/db/enums";
import { countryName, languageName } from "@/lib/validation/iso-codes";
import type { ListSort } from "@/lib/public-listing/list-query-schema";
import { directoryHref, type DirectoryFilters } from "./directory-query";
import { TEAM_SIZE_LABELS } from "./fact-labels";
import { SPECIALTY_LABELS } from "./specialty-labels";

// How the directory's filters read to people: the page title, the result count, the chips.

/** The budgets the filter offers (US dollars); a link may carry any other amount, shown as well. */
export const BUDGET_CHOICES = [1_000, 5_000, 10_000, 25_000, 50_000, 100_000] as const;

export const SORT_LABELS: Record<ListSort, string> = {
  recommended: "Recommended",
  featured: "Featured first",
  newest: "Newest",
  name: "Name (A–Z)",
  relevance: "Best match",
};

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** 10000 → "$10,000". */
export function budgetChoiceLabel(amount: number): string {
  return usd.format(amount);
}

/** The bands smallest first (the URL sorts them as text: "10-49" before "2-9"). */
function bySize(bands: readonly TeamSize[] = []): TeamSize[] {
  return [...bands].sort((a, b) => TEAM_SIZES.indexOf(a) - TEAM_SIZES.indexOf(b));
}

/**
 * "Featured Design providers matching “cloud” in Germany, speaking German, working remotely, with
 * 2–9 people, for a $10,000 budget, accepting new clients"; "Providers" when nothing narrows the list.
 */
export function describeFilters(f: DirectoryFilters): string {
  const kind = f.specialty ? `${SPECIALTY_LABELS[f.specialty]} providers` : "providers";
  let text = f.featured ? `Featured ${kind}` : kind.charAt(0).toUpperCase() + kind.slice(1);
  if (f.q) text += ` matching “${f.q}”`;
  const qualifiers: string[] = [];
  if (f.country) qualifiers.push(`in ${countryName(f.country)}`);
  if (f.language) qualifiers.push(`speaking ${languageName(f.language)}`);
  if (f.remote) qualifiers.push("working remotely");
  if (f.teamSize?.length) qualifiers.push(`with ${bySize(f.teamSize).map((b) => TEAM_SIZE_LABELS[b]).join(" or ")}`);
  if (f.budget !== undefined) qualifiers.push(`for a ${budgetChoiceLabel(f.budget)} budget`);
  if (f.acceptingClients) qualifiers.push("accepting new clients");
  return qualifiers.length > 0 ? `${text} ${qualifiers.join(", ")}` : text;
}

export interface FilterChip {
  /** What the filter is, for the link's accessible name ("Remove filter Country: Germany"). */
  label: string;
  /** The same list without this filter, from its first page. */
  href: string;
}

/** One removable chip per active filter and search term (each team size band its own), in the form's order. */
export function filterChips(f: DirectoryFilters): FilterChip[] {
  const chip = (label: string, without: DirectoryFilters): FilterChip => ({ label, href: directoryHref({ ...f, ...without }) });
  const chips: FilterChip[] = [];
  // A relevance order needs a search: without the search, the list falls back to the default order.
  if (f.q) chips.push(chip(`Search: ${f.q}`, { q: undefined, ...(f.sort === "relevance" ? { sort: undefined } : {}) }));
  if (f.specialty) chips.push(chip(`Specialty: ${SPECIALTY_LABELS[f.specialty]}`, { specialty: undefined }));
  if (f.country) chips.push(chip(`Country: ${countryName(f.country)}`, { country: undefined }));
  if (f.language) chips.push(chip(`Language: ${languageName(f.language)}`, { language: undefined }));
  for (const band of bySize(f.teamSize)) {
    const rest = f.teamSize?.filter((b) => b !== band);
    chips.push(chip(`Team: ${TEAM_SIZE_LABELS[band]}`, { teamSize: rest?.length ? rest : undefined }));
  }
  if (f.budget !== undefined) chips.push(chip(`Budget: ${budgetChoiceLabel(f.budget)}`, { budget: undefined }));
  if (f.featured) chips.push(chip("Featured only", { featured: undefined }));
  if (f.remote) chips.push(chip("Works remotely", { remote: undefined }));
  if (f.acceptingClients) chips.push(chip("Accepting new clients", { acceptingClients: undefined }));
  return chips;
}

/** Every filter and the search gone, the order kept (unless it was relevance, which needs a search). */
export function clearFiltersHref(f: DirectoryFilters): string {
  return directoryHref({ sort: f.sort === "relevance" ? undefined : f.sort });
}
