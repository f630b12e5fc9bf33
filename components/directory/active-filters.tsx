import Link from "next/link";
import { filterChips } from "./directory-labels";
import type { DirectoryFilters } from "./directory-query";
import styles from "./directory.module.css";

/** The filters in force as chips, each a link to the same list without it, and "Clear all". */
export function ActiveFilters({ filters, clearHref }: { filters: DirectoryFilters; clearHref: string }) {
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <div className={styles.activeFilters} data-testid="active-filters">
      <ul className={styles.chips} aria-label="Active filters">
        {chips.map((chip) => (
          <li key={chip.label}>
            <Link href={chip.href} className={styles.chip} aria-label={`Remove filter ${chip.label}`} scroll={false}>
              <span>{chip.label}</span>
              <span aria-hidden="true" className={styles.chipX}>
                ×
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 1 ? (
        <Link href={clearHref} className={styles.clearAll} scroll={false}>
          Clear all
        </Link>
      ) : null}
    </div>
  );
}
