// The query of GET /public/studio/providers and of the directory page (extensions §2): one schema for
// the route handler, the page and the OpenAPI document. Plain zod and value lists, no database
// import, so a client component may use it too.
import countries from "i18n-iso-countries";
import ISO6391 from "iso-639-1";
import { z } from "@/lib/validation/zod";
import { SPECIALTIES, TEAM_SIZES, type TeamSize } from "@/db/enums";
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from "@/lib/validation/page-query";
import { specialtySchema } from "@/lib/validation/primitives";

/** Larger than any minimum budget a listing may state (10 000 000), small enough for an integer column. */
export const MAX_BUDGET_FILTER = 1_000_000_000;

/**
 * The list orders: `featured` is the seed's order (the API's default); `recommended` is the ranking
 * (extensions §5, the directory page's default); `relevance` needs `q`.
 */
export const LIST_SORTS = ["featured", "recommended", "newest", "name", "relevance"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** Parameters that may be repeated in the URL (`teamSize=2-9&teamSize=10-49`): the route hands them over as lists. */
export const REPEATABLE_LIST_PARAMS = ["teamSize"] as const;

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${name} must be a whole number of 1 or more` })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: `${name} must be 1 or more` }));

/** `true` turns the filter on; `false` (or no parameter) means no filter. */
const onlyWhenTrue = (name: string, description: string) =>
  z
    .enum(["true", "false"], { error: `${name} must be true or false` })
    .transform((v) => (v === "true" ? true : undefined))
    .optional()
    .meta({ description });

const teamSizeBand = z.enum(TEAM_SIZES, { error: `teamSize must be one of ${TEAM_SIZES.join(", ")}` });

export const providerListQuerySchema = z
  .object({
    specialty: z
      .string()
      .transform((s) => s.trim().toUpperCase())
      .pipe(specialtySchema)
      .optional()
      .meta({ description: `Only providers with this specialty (case-insensitive): ${SPECIALTIES.join(", ")}` }),
    featured: z
      .enum(["true", "false"], { error: "featured must be true or false" })
      .transform((v) => v === "true")
      .optional()
      .meta({ description: "true: only featured providers; false or absent: no featured filter" }),
    q: z
      .string()
      .trim()
      .max(100, { error: "q must be at most 100 characters" })
      // The API refuses NUL before validation (lib/validation/nul-characters.ts); pages read their
      // URL with this schema only, and a NUL must not reach the query from there either.
      .refine((v) => !v.includes("\u0000"), { error: "q must not contain NUL characters" })
      .optional()
      .transform((v) => (v ? v : undefined))
      .meta({
        description:
          "Free-text search over name, headline, description and specialty names; case- and accent-insensitive (extension)",
      }),
    country: z
      .string()
      .transform((s) => s.trim().toUpperCase())
      .refine((s) => /^[A-Z]{2}$/.test(s) && countries.isValid(s), {
        error: "country must be an ISO 3166-1 alpha-2 country code",
      })
      .optional()
      .meta({ description: "Only providers based in this country: ISO 3166-1 alpha-2, any case (e.g. DE)" }),
    language: z
      .string()
      .transform((s) => s.trim().toLowerCase())
      .refine((s) => /^[a-z]{2}$/.test(s) && ISO6391.validate(s), { error: "language must be an ISO 639-1 language code" })
      .optional()
      .meta({ description: "Only providers working in this language: ISO 639-1 (e.g. de)" }),
    remote: onlyWhenTrue("remote", "true: only providers that work with clients remotely; false or absent: no filter"),
    teamSize: z
      .union([teamSizeBand, z.array(teamSizeBand).min(1)])
      .transform((v): TeamSize[] => [...new Set(Array.isArray(v) ? v : [v])].sort())
      .optional()
      .meta({
        description: `Team size band (${TEAM_SIZES.join(", ")}); repeat the parameter for any of several bands (teamSize=2-9&teamSize=10-49)`,
      }),
    budget: z
      .string()
      .regex(/^\d{1,10}$/, { error: "budget must be a whole number of US dollars, 0 or more" })
      .transform(Number)
      .pipe(z.number().max(MAX_BUDGET_FILTER, { error: `budget must be at most ${MAX_BUDGET_FILTER}` }))
      .optional()
      .meta({ description: "US dollars: only providers whose minimum project budget is unstated or at most this" }),
    acceptingClients: onlyWhenTrue(
      "acceptingClients",
      "true: only providers accepting new clients; false or absent: no filter",
    ),
    sort: z
      .enum(LIST_SORTS, { error: `sort must be one of ${LIST_SORTS.join(", ")}` })
      .optional()
      .transform((v): ListSort => v ?? "featured")
      .meta({
        description:
          "featured (default: featured first, then newest, then slug), recommended (ranking score highest first, then a key that changes every Monday UTC, then slug: GET /public/studio/ranking), newest (publishedAt newest first, then slug), name (name A–Z, then slug), relevance (best match first; only with q)",
      }),
    page: positiveInt("page")
      .pipe(z.number().max(MAX_PAGE, { error: `page must be at most ${MAX_PAGE}` }))
      .optional()
      .transform((v) => v ?? 1)
      .meta({ description: "Page number, from 1 (default 1)" }),
    limit: positiveInt("limit")
      .transform((v) => Math.min(v, MAX_PAGE_SIZE))
      .optional()
      .transform((v) => v ?? DEFAULT_PAGE_SIZE)
      .meta({ description: `Items per page (default ${DEFAULT_PAGE_SIZE}); values above ${MAX_PAGE_SIZE} are clamped` }),
    explain: z
      .enum(["true", "false"], { error: "explain must be true or false" })
      .transform((v) => (v === "true" ? true : undefined))
      .optional()
      .meta({
        description:
          "true (only with sort=recommended): the body gains `ranking` and `explanations`, why each provider of the page is where it is",
      }),
  })
  .refine((v) => v.sort !== "relevance" || v.q !== undefined, {
    error: "sort=relevance needs a search (q)",
    path: ["sort"],
  })
  .refine((v) => !v.explain || v.sort === "recommended", {
    error: "explain=true needs sort=recommended",
    path: ["explain"],
  });

/**
 * A parsed list query. `sort` and the new filters are optional here so that code building a query
 * by hand (tests, the seed's checks) may leave them out; absent means the default order, no filter.
 */
export type ProviderListQuery = Omit<z.output<typeof providerListQuerySchema>, "sort"> & { sort?: ListSort };

/** One string per distinct answer: the cache key of a list query (equal queries, equal keys). */
export function listQueryKey(params: ProviderListQuery): string {
  return JSON.stringify([
    params.specialty ?? "",
    params.featured ? 1 : 0,
    params.q ?? "",
    params.country ?? "",
    params.language ?? "",
    params.remote ? 1 : 0,
    params.teamSize ?? [],
    params.budget ?? "",
    params.acceptingClients ? 1 : 0,
    params.sort ?? "featured",
    params.page,
    params.limit,
    params.explain ? 1 : 0,
  ]);
}
