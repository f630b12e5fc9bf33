"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import styles from "./console-frame.module.css";
import ui from "./ui.module.css";

export interface ConsoleLink {
  href: string;
  label: string;
  /** How many things wait in this section (shown when above zero), and what they are: "3 in review". */
  count?: number;
  countLabel?: string;
  /** Listed only while its count is above zero or it is the current section. */
  onlyWhenCountedOrCurrent?: boolean;
}

/** The link whose section the path is in: the longest href equal to it or a parent of it. */
export function currentLink(links: ConsoleLink[], pathname: string): string | undefined {
  return links
    .filter((l) => pathname === l.href || pathname.startsWith(`${l.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
}

/** Section navigation of the studio and the admin console; the current section is marked for assistive technology. */
export function ConsoleNav({ label, links }: { label: string; links: ConsoleLink[] }) {
  const current = currentLink(links, usePathname());
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul>
        {links.filter((l) => !l.onlyWhenCountedOrCurrent || (l.count ?? 0) > 0 || l.href === current).map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={link.href === current ? "page" : undefined}>
              {link.label}
              {link.count ? (
                <span className={styles.count}>
                  {" "}
                  {link.count}
                  <span className={ui.visuallyHidden}> {link.countLabel}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
