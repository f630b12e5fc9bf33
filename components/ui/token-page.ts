import type { Metadata } from "next";

// What every page an emailed one-time link opens shares (/verify, /inquiries/confirm, /signin/confirm).

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The page's metadata: never indexed, and no-referrer, because its address carries the token, which
 * must not travel to other sites in a Referer header (next.config.ts also sends the response header
 * for /verify and /inquiries/confirm; the meta tag covers a copy saved without its headers).
 */
export function tokenPageMetadata(page: { title: string; description?: string }): Metadata {
  return { ...page, robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** A token form's outcome page: its address holds no token, so only the robots rule applies. */
export function outcomePageMetadata(title: string): Metadata {
  return { title, robots: { index: false, follow: false } };
}

/** One query parameter's value, or undefined when it is missing or repeated. */
export function singleParam(params: SearchParams, name: string): string | undefined {
  const value = params[name];
  return typeof value === "string" ? value : undefined;
}
