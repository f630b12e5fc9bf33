// How directory URLs without a text search reach the cached view route
// (app/providers/page/[specialty]/[featured]/[number]). Used by next.config.ts.
// Relative, not "@/…": next.config.ts imports this file, and the config loader knows no path aliases.
import { SPECIALTIES } from "../../db/enums";
import type { RawSearchParams } from "../validation/search-params";

/** The path segment that stands for a parameter the visitor's URL did not carry. */
export const DIRECTORY_VIEW_ABSENT = "-";

const PARAMETERS = [
  // Only the values links and the filter form produce are carried over, so the cached views are a
  // bounded set. Anything else (other spellings, a text search) stays on the dynamic page, which
  // answers it the same way; the view page validates again with the API's schema.
  { key: "specialty", value: SPECIALTIES.flatMap((s) => [s, s.toLowerCase()]).join("|") },
  { key: "featured", value: "true|false" },
  { key: "page", value: "[1-9][0-9]{0,6}" },
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
 * capture optional), each sending /providers?… to its view path. Searches (q) are never rewritten.
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
      missing: [...absent.map((p): Condition => ({ type: "query", key: p.key })), { type: "query", key: "q" }],
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
