"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** The site's sections: a section is current on its own path and every path under it. */
const SECTIONS = [
  { href: "/providers", label: "Providers", under: ["/providers"] },
  { href: "/apply", label: "Apply", under: ["/apply", "/verify"] },
  { href: "/docs/api", label: "API docs", under: ["/docs"] },
  // Providers' own side: the studio and its sign-in (issue 31: "Studio" meant nothing to a newcomer).
  { href: "/studio", label: "For providers", under: ["/studio", "/signin"] },
] as const;

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The header's navigation, with the section the visitor is in marked (`aria-current`, underlined
 * bold in globals.css). Rendered on the server like any client component, so it works without
 * JavaScript; the marker then follows client-side navigation.
 */
export function MainNav() {
  const pathname = usePathname() ?? "/";
  return (
    <nav aria-label="Main">
      <ul className="nav-list">
        {SECTIONS.map((section) => {
          const current = section.under.some((prefix) => isUnder(pathname, prefix));
          return (
            <li key={section.href}>
              <Link href={section.href} aria-current={current ? "page" : undefined}>
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
