/** A page's URL parameters as Next.js hands them over: a repeated parameter arrives as a list. */
export type RawSearchParams = Record<string, string | string[] | undefined>;

/** The first value of a URL parameter: pages read `?a=1&a=2` as `a=1`. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
