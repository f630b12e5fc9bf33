import Link from "next/link";
import styles from "./studio.module.css";

const LINKS = [
  { href: "/studio", label: "Overview" },
  { href: "/studio/listing", label: "Listing" },
  { href: "/studio/team", label: "Team" },
  { href: "/studio/api-keys", label: "API keys" },
  { href: "/studio/activity", label: "Activity" },
  { href: "/studio/invitations", label: "Invitations" },
];

export function StudioNav() {
  return (
    <nav aria-label="Studio" className={styles.nav}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
