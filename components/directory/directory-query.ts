import type { Specialty } from "@/db/enums";
import { providerListQuerySchema, type ProviderListQuery } from "@/lib/providers/schemas";
import { firstParam, type RawSearchParams } from "@/lib/validation/search-params";
import { SPECIALTY_LABELS } from "./specialty-labels";

export type { RawSearchParams };

// The only URL parameters the directory page honours; the page size is the API's default.
const KEYS = ["specialty", "featured", "q", "page"] as const;

export interface DirectoryQuery {
  query: ProviderListQuery;
  /** The link carried parameters the API would refuse; the page shows everything instead. */
  invalid: boolean;
}

/**
 * Reads the directory's URL with the API's own query schema. An empty form field ("Any specialty",
 * an empty search box) arrives as an empty string and means "no filter".
 */
export function parseDirectoryQuery(raw: RawSearchParams): DirectoryQuery {
  const picked: Record<string, string> = {};
  for (const key of KEYS) {
    const first = firstParam(raw[key]);
    if (first !== undefined && first.trim() !== "") picked[key] = first;
  }
  const parsed = providerListQuerySchema.safeParse(picked);
  if (parsed.success) return { query: parsed.data, invalid: false };
  return { query: providerListQuerySchema.parse({}), invalid: true };
}

export interface DirectoryFilters {
  specialty?: Specialty;
  featured?: boolean;
  q?: string;
}

export function hasFilters(f: DirectoryFilters): boolean {
  return Boolean(f.specialty || f.featured || f.q);
}

/** The directory URL for these filters and page, without empty or default parameters. */
export function directoryHref(f: DirectoryFilters, page = 1): string {
  const params = new URLSearchParams();
  if (f.specialty) params.set("specialty", f.specialty.toLowerCase());
  if (f.featured) params.set("featured", "true");
  if (f.q) params.set("q", f.q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/providers?${search}` : "/providers";
}

/** "Featured Design providers", "Providers matching “cloud”", "Providers". */
export function describeFilters(f: DirectoryFilters): string {
  const specialty = f.specialty ? `${SPECIALTY_LABELS[f.specialty]} providers` : "Providers";
  const base = f.featured ? `Featured ${specialty.replace(/^Providers$/, "providers")}` : specialty;
  return f.q ? `${base} matching “${f.q}”` : base;
}
