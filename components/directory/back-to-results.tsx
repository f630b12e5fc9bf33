"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { directoryHrefFromParam } from "./directory-params";

/**
 * A profile's way back: to the list the visitor came from, named by the profile link's `from`
 * parameter (the list's query string). Profiles are cached pages that never read their URL on the
 * server, so this reads it in the browser; the page wraps it in Suspense with a plain link to
 * /providers, which is what a visitor without JavaScript gets.
 */
export function BackToResults() {
  const href = directoryHrefFromParam(useSearchParams().get("from"));
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
