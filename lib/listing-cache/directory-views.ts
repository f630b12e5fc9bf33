// How the plain directory URLs (specialty, featured, page) reach the cached view route
// (app/providers/(directory-views)/page/[specialty]/[featured]/[number]: the route group says what the
// folder is, and its address stays /providers/page/…, `page` being a reserved slug). Used by next.config.ts.
// Relative, not "@/…": next.config.ts imports this file, and the config loader knows no path aliases.
import { SPECIALTIES } from "../../db/enums";
import type { RawSearchParams } from "../validation/search-params";

/** The path segment that stands for a parameter the visitor's URL did not carry. */
export const DIRECTORY_VIEW_ABSENT = "-";

const PARAMETERS = [
  // Only the one spelling directory links use is carried over (lower-case specialty, featured=true,
  // page 2 and up), so the cached views are a bounded set and each is its list's only address.
  // Anything else (other spellings, default values) stays on the dynamic page, which redirects it to
  // that address; the view page validates again with the API's schema.
  { key: "specialty", value: SPECIALTIES.map((s) => s.toLowerCase()).join("|") },
  { key: "featured", value: "true" },
  { key: "page", value: "[2-9]|[1-9][0-9]{1,6}" },
] as const;

/**
 * The directory's other parameters (lib/public-listing/list-query-schema.ts): a URL carrying any of them
 * is never rewritten, and renders on the dynamic page. A search would be a view per term; the facts'
 * filters and the orders multiply the views beyond a bound worth keeping in memory.
 */
export const DYNAMIC_DIRECTORY_PARAMETERS = [
  "q",
  "country",
  "language",
  "remote",
  "teamSize",
  "budget",
  "acceptingClients",
  "sort",
  "limit",
  "explain",
] as const;

type Condition = { type: "query"; key: string; value?: string };

export interface DirectoryRewrite {
  source: string;
  destination: string;
  has?: Condition[];
  missing: Condition[];
}

/** The view route's own address is not public: a visitor asking for it directly gets a 404. */
export const DIRECTORY_VIEW_GUARD = { source: "/providers/page/:path*", destination: "/providers/page" } as const;

/**
 * One rewrite per combination of present and absent parameters (Next.js rewrites cannot make a
 * capture optional), each sending /providers?… to its view path. A URL with any other directory
 * parameter is never rewritten. Next.js reads an empty parameter (`?q=`) as absent here, so such a URL
 * may reach a view: its list is the same, and the page puts the one address in the browser's bar.
 */
export function directoryViewRewrites(): DirectoryRewrite[] {
  const rewrites: DirectoryRewrite[] = [];
  for (let mask = 0; mask < 2 ** PARAMETERS.length; mask++) {
    const present = PARAMETERS.filter((_, i) => mask & (1 << i));
    const absent = PARAMETERS.filter((_, i) => !(mask & (1 << i)));
    const has = present.map((p): Condition => ({ type: "query", key: p.key, value: `(?<${p.key}>${p.value})` }));
    rewrites.push({
      source: "/providers",
      ...(has.length > 0 ? { has } : {}),
      missing: [
        ...absent.map((p): Condition => ({ type: "query", key: p.key })),
        ...DYNAMIC_DIRECTORY_PARAMETERS.map((key): Condition => ({ type: "query", key })),
      ],
      destination: `/providers/page/${PARAMETERS.map((p) => (present.includes(p) ? `:${p.key}` : DIRECTORY_VIEW_ABSENT)).join("/")}`,
    });
  }
  return rewrites;
}

/** The view route's path segments, one per parameter of the directory's address. */
export interface DirectoryViewSegments {
  specialty: string;
  featured: string;
  number: string;
}

/** Back from the view route's path segments to the URL parameters the visitor's address carried. */
export function directoryViewParams(segments: DirectoryViewSegments): RawSearchParams {
  const value = (segment: string) => (segment === DIRECTORY_VIEW_ABSENT ? undefined : decodeURIComponent(segment));
  return { specialty: value(segments.specialty), featured: value(segments.featured), page: value(segments.number) };
}
