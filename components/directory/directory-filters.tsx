import Link from "next/link";
import { SPECIALTIES } from "@/db/enums";
import styles from "./directory.module.css";
import type { DirectoryFilters as Filters } from "./directory-query";
import { SPECIALTY_LABELS } from "./specialty-labels";

/** A plain GET form: it works without JavaScript, and every filter lands in the URL. */
export function DirectoryFilters({ filters }: { filters: Filters }) {
  return (
    <form method="get" action="/providers" role="search" aria-label="Filter providers" className={styles.filters}>
      <div className={styles.field}>
        <label htmlFor="directory-q">Search</label>
        <input
          id="directory-q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          maxLength={100}
          placeholder="Name or headline"
          autoComplete="off"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="directory-specialty">Specialty</label>
        <select id="directory-specialty" name="specialty" defaultValue={filters.specialty?.toLowerCase() ?? ""}>
          <option value="">Any specialty</option>
          {SPECIALTIES.map((s) => (
            <option key={s} value={s.toLowerCase()}>
              {SPECIALTY_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.checkField}>
        <input id="directory-featured" name="featured" type="checkbox" value="true" defaultChecked={filters.featured ?? false} />
        <label htmlFor="directory-featured">Featured only</label>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.button}>
          Apply filters
        </button>
        <Link href="/providers" className={styles.clearLink}>
          Clear filters
        </Link>
      </div>
    </form>
  );
}
