"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { directoryHrefFromParam } from "./directory-params";
import { cardId } from "./results-focus-targets";

/**
 * A profile's way back: to the list the visitor came from, named by the profile link's `from`
 * parameter (the list's query string). Profiles are cached pages that never read their URL on the
 * server, so this reads it in the browser; the page wraps it in Suspense with a plain link to
 * /providers, which is what a visitor without JavaScript gets.
 */
export function BackToResults() {
  const list = directoryHrefFromParam(useSearchParams().get("from"));
  // Back to the card the visitor left, not the top of the list (the directory focuses it: results-focus.tsx).
  const slug = /^\/providers\/([^/]+)$/.exec(usePathname())?.[1];
  const href = list && slug ? `${list}#${cardId(decodeURIComponent(slug))}` : list;
  return href ? (
    <Link href={href} data-testid="back-to-results">
      <span aria-hidden="true">← </span>Back to results
    </Link>
  ) : (
    <AllProvidersLink />
  );
}

export function AllProvidersLink() {
  return (
    <Link href="/providers" data-testid="back-to-results">
      <span aria-hidden="true">← </span>All providers
    </Link>
  );
}
