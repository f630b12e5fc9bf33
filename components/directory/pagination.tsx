import Link from "next/link";
import styles from "./directory.module.css";
import { directoryHref, type DirectoryFilters } from "./directory-query";

export function Pagination({ filters, page, totalPages }: { filters: DirectoryFilters; page: number; totalPages: number }) {
  if (totalPages <= 1 && page <= 1) return null;
  const previous = page > 1 ? Math.min(page - 1, Math.max(totalPages, 1)) : null;
  const next = page < totalPages ? page + 1 : null;
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      {previous ? (
        <Link href={directoryHref(filters, previous)} rel="prev" className={styles.pageLink}>
          <span aria-hidden="true">← </span>Previous page
        </Link>
      ) : (
        <span className={styles.pageSpacer} />
      )}
      <p className={styles.pageStatus}>
        Page {page} of {Math.max(totalPages, 1)}
      </p>
      {next ? (
        <Link href={directoryHref(filters, next)} rel="next" className={styles.pageLink}>
          Next page<span aria-hidden="true"> →</span>
        </Link>
      ) : (
        <span className={styles.pageSpacer} />
      )}
    </nav>
  );
}
