import Link from "next/link";
import ui from "@/components/ui/ui.module.css";
import styles from "./directory.module.css";
import { directoryHref, type DirectoryFilters } from "./directory-query";
import { pageItems, type PageItem } from "./page-numbers";

/**
 * Numbered pages with previous and next: 1 … 4 5 [6] 7 8 … 20 on wide screens, 1 … 5 [6] 7 … 20 on
 * phones. Only for a page that exists: a page past the end is explained by the page itself, with a
 * link to the last one, and never reads "Page 9 of 2".
 */
export function Pagination({ filters, page, totalPages }: { filters: DirectoryFilters; page: number; totalPages: number }) {
  if (totalPages <= 1 || page > totalPages) return null;
  const href = (n: number) => directoryHref(filters, n);
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      <p className={styles.pageStatus}>
        Page {page} of {totalPages}
      </p>
      <div className={styles.pageRow}>
        {page > 1 ? (
          <Link href={href(page - 1)} rel="prev" className={styles.pageStep}>
            <span aria-hidden="true">←</span>Previous<span className={ui.visuallyHidden}> page</span>
          </Link>
        ) : null}
        <PageList items={pageItems(page, totalPages, 2)} page={page} href={href} className={styles.pagesWide} />
        <PageList items={pageItems(page, totalPages, 1)} page={page} href={href} className={styles.pagesNarrow} />
        {page < totalPages ? (
          <Link href={href(page + 1)} rel="next" className={styles.pageStep}>
            Next<span className={ui.visuallyHidden}> page</span>
            <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

function PageList(props: { items: PageItem[]; page: number; href: (n: number) => string; className: string | undefined }) {
  return (
    <ol className={`${styles.pages} ${props.className}`}>
      {props.items.map((item) =>
        item.kind === "gap" ? (
          <li key={item.key} className={styles.pageGap} aria-hidden="true">
            …
          </li>
        ) : (
          <li key={item.number}>
            <Link
              href={props.href(item.number)}
              className={styles.pageNumber}
              aria-current={item.number === props.page ? "page" : undefined}
              aria-label={`Page ${item.number}`}
            >
              {item.number}
            </Link>
          </li>
        ),
      )}
    </ol>
  );
}
