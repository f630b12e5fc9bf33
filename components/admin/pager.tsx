import Link from "next/link";
import styles from "./admin.module.css";

/** Previous / next links for an admin list; `hrefFor` keeps the list's filters. */
export function Pager(props: { page: number; hasNext: boolean; hrefFor: (page: number) => string; label?: string }) {
  if (props.page <= 1 && !props.hasNext) return null;
  return (
    <nav aria-label={props.label ?? "Pages"} className={styles.pagination}>
      {props.page > 1 ? (
        <Link href={props.hrefFor(props.page - 1)} rel="prev">
          <span aria-hidden="true">← </span>Previous page
        </Link>
      ) : (
        <span />
      )}
      <span>Page {props.page}</span>
      {props.hasNext ? (
        <Link href={props.hrefFor(props.page + 1)} rel="next">
          Next page<span aria-hidden="true"> →</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
