import type { Specialty, TeamSize } from "@/db/enums";
import { providerListQuerySchema, type ListSort, type ProviderListQuery } from "@/lib/public-listing/list-query-schema";
import { firstParam, type RawSearchParams } from "@/lib/validation/search-params";
import { DEFAULT_SORT, defaultSortFor, DIRECTORY_PARAMS, directoryPath, type DirectoryParam } from "./directory-params";

export type { RawSearchParams };

/** What the directory lists: the filters, the search and the order (the page is separate). */
export interface DirectoryFilters {
  specialty?: Specialty;
  featured?: boolean;
  q?: string;
  country?: string;
  language?: string;
  remote?: boolean;
  teamSize?: TeamSize[];
  budget?: number;
  acceptingClients?: boolean;
  /** Absent for the default order: relevance with a search term, else recommended (defaultSortFor). */
  sort?: ListSort;
}

/** A parameter of the link whose value the API's schema refuses; the page leaves that filter out and says so. */
export interface RejectedParam {
  key: DirectoryParam;
  value: string;
}

export interface DirectoryQuery {
  /** The query the listing is asked (default page size). */
  query: ProviderListQuery & { sort: ListSort };
  filters: DirectoryFilters;
  page: number;
  rejected: RejectedParam[];
  /**
   * Where to send a URL that says what it means in other words (empty, default-valued, repeated,
   * unknown or differently spelled parameters); null when it is already the one address of its list,
   * or when a value was refused (the visitor keeps the link they followed, with the notice).
   */
  redirectTo: string | null;
}

/**
 * Reads the directory's URL with the API's own query schema (one rule for both). A parameter the
 * schema refuses is left out and reported, the rest still apply. An empty field of the GET form
 * ("Any country", an empty search box) means "no filter".
 */
export function parseDirectoryQuery(raw: RawSearchParams): DirectoryQuery {
  const input: Partial<Record<DirectoryParam, string | string[]>> = {};
  for (const key of DIRECTORY_PARAMS) {
    if (key === "teamSize") {
      const all = [raw[key] ?? []].flat().filter((v) => v.trim() !== "");
      if (all.length > 0) input[key] = all;
    } else {
      const first = firstParam(raw[key]);
      if (first !== undefined && first.trim() !== "") input[key] = first;
    }
  }

  const rejected: RejectedParam[] = [];
  // The directory's own default order (best match with a term, else recommended), where the API's is the seed order.
  const withSort = () => ({ sort: defaultSortFor([input.q ?? ""].flat()[0]), ...input });
  let parsed = providerListQuerySchema.safeParse(withSort());
  while (!parsed.success) {
    const keys = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const refused = DIRECTORY_PARAMS.filter((key) => keys.has(key) && input[key] !== undefined);
    // Every issue names a parameter of the input; were one not to, show everything rather than loop.
    if (refused.length === 0) {
      parsed = providerListQuerySchema.safeParse({ sort: DEFAULT_SORT });
      break;
    }
    for (const key of refused) {
      rejected.push({ key, value: [input[key] ?? ""].flat().join(", ") });
      delete input[key];
    }
    parsed = providerListQuerySchema.safeParse(withSort());
  }
  const query = parsed.success ? parsed.data : providerListQuerySchema.parse({ sort: DEFAULT_SORT });
  const filters = filtersOf(query);
  const canonical = directoryHref(filters, query.page);
  const redirectTo = rejected.length === 0 && !sameSearch(raw, canonical) ? canonical : null;
  return { query, filters, page: query.page, rejected, redirectTo };
}

function filtersOf(query: ProviderListQuery): DirectoryFilters {
  const f: DirectoryFilters = {
    specialty: query.specialty,
    featured: query.featured || undefined,
    q: query.q,
    country: query.country,
    language: query.language,
    remote: query.remote,
    teamSize: query.teamSize,
    budget: query.budget,
    acceptingClients: query.acceptingClients,
    sort: query.sort && query.sort !== defaultSortFor(query.q) ? query.sort : undefined,
  };
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as DirectoryFilters;
}

/** Whether the URL's parameters, in their order, spell exactly that directory address. */
function sameSearch(raw: RawSearchParams, href: string): boolean {
  const actual = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    for (const v of [value ?? []].flat()) actual.append(key, v);
  }
  return directoryPath(actual.toString()) === href;
}

/** The query string of these filters and page: directory parameters only, no empty or default ones. */
export function directorySearch(f: DirectoryFilters, page = 1): string {
  const params = new URLSearchParams();
  if (f.specialty) params.set("specialty", f.specialty.toLowerCase());
  if (f.featured) params.set("featured", "true");
  if (f.q) params.set("q", f.q);
  if (f.country) params.set("country", f.country);
  if (f.language) params.set("language", f.language);
  if (f.remote) params.set("remote", "true");
  for (const band of [...new Set(f.teamSize ?? [])].sort()) params.append("teamSize", band);
  if (f.budget !== undefined) params.set("budget", String(f.budget));
  if (f.acceptingClients) params.set("acceptingClients", "true");
  if (f.sort && f.sort !== defaultSortFor(f.q)) params.set("sort", f.sort);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

/** The directory URL for these filters and page, without empty or default parameters. */
export function directoryHref(f: DirectoryFilters, page = 1): string {
  return directoryPath(directorySearch(f, page));
}

/** Whether anything narrows the list (the order does not). */
export function hasFilters(f: DirectoryFilters): boolean {
  return activeFilterCount(f) > 0 || Boolean(f.q);
}

/** How many filters narrow the list, not counting the search: the phone's "Filters (3)". */
export function activeFilterCount(f: DirectoryFilters): number {
  return (
    Number(Boolean(f.specialty)) +
    Number(Boolean(f.featured)) +
    Number(Boolean(f.country)) +
    Number(Boolean(f.language)) +
    Number(Boolean(f.remote)) +
    (f.teamSize?.length ?? 0) +
    Number(f.budget !== undefined) +
    Number(Boolean(f.acceptingClients))
  );
}
