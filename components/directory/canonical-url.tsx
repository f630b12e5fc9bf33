"use client";

import { useEffect } from "react";

/**
 * Puts the list's one address in the address bar when the browser shows another spelling of it. The
 * /providers route redirects such addresses itself; the cached view route cannot, because Next.js
 * rewrites an empty parameter (`?q=`) to it as if it were absent and the page never sees the
 * visitor's address. Nothing is fetched: the list on screen already is that address's list.
 */
export function CanonicalUrl({ href }: { href: string }) {
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    if (pathname + search !== href) window.history.replaceState(null, "", href + hash);
  }, [href]);
  return null;
}
