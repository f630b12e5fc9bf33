import Link from "next/link";
import styles from "./home-links.module.css";

/** The home page's two main ways in: the directory and the interest form. */
export function HomeLinks() {
  return (
    <p className={styles.actions}>
      <Link href="/providers" className={styles.primary}>
        Browse providers
      </Link>
      <Link href="/apply" className={styles.secondary}>
        Apply to join
      </Link>
    </p>
  );
}
